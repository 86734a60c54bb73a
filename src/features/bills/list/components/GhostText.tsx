/** A text of the invisible copy use-fit.ts measures: drawn by CSS from data-text, so it is no text of the page. */
import classes from './ghost.module.css';

export function GhostText({ text }: { text: string | number }) {
  return <span className={classes.text} data-text={String(text)} />;
}
