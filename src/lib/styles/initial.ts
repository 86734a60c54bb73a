/**
 * The Mantine CSS the first screen (/login, its dialogs, toasts) needs. The full stylesheet comes
 * with the signed-in layout (full.ts): all of it here would cost ~40 KB gzipped on /login.
 * Layered (@layer mantine) files, so loading a rule twice is harmless and app CSS always wins.
 */
// Local CSS that @imports Mantine's: a module under node_modules/@mantine would be pulled into the
// eagerly loaded 'mantine' chunk group of vite.config.ts, whatever chunk imports it.
import './initial.css';
