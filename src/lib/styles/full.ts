/**
 * Every Mantine stylesheet (core, dates), layered. Imported by the lazily loaded signed-in layout
 * and by open pages beyond /login, so the login screen does not pay for it.
 */
// Local CSS that @imports Mantine's: a module under node_modules/@mantine would be pulled into the
// eagerly loaded 'mantine' chunk group of vite.config.ts, whatever chunk imports it.
import './full.css';
