/**
 * Where toasts stack (issue 31: in a 5-bill batch, receipt toasts covered the failure table and
 * 仅重试失败). Without a dialog: top centre, where the eye is. While a dialog is open they move to
 * the bottom right, as narrow as the space beside the dialog allows — or bottom left, when the
 * dialog fills the right (a drawer: an operator's decision taken in its detail drawer was confirmed
 * beneath it, unseen); when neither side has room they stack beneath the dialog's layer, so a dialog
 * is never covered.
 */
import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';

const WIDE = 440;
const NARROWEST = 240;
const MARGIN = 16;

export interface ToastPlace { position: 'top-center' | 'bottom-right' | 'bottom-left'; width: number; belowDialogs: boolean }

/** An open dialog's horizontal extent. */
export interface DialogEdges { left: number; right: number }

/** Where toasts go given the open dialogs' edges (none: no dialog) and the window's width. */
export function toastPlace(dialogs: readonly DialogEdges[], windowWidth: number): ToastPlace {
  if (dialogs.length === 0) return { position: 'top-center', width: WIDE, belowDialogs: false };
  const right = windowWidth - Math.max(...dialogs.map((d) => d.right)) - 2 * MARGIN;
  if (right >= NARROWEST) return { position: 'bottom-right', width: Math.min(WIDE, right), belowDialogs: false };
  const left = Math.min(...dialogs.map((d) => d.left)) - 2 * MARGIN;
  if (left >= NARROWEST) return { position: 'bottom-left', width: Math.min(WIDE, left), belowDialogs: false };
  return { position: 'bottom-right', width: NARROWEST + 80, belowDialogs: true };
}

// modal dialogs only (Mantine's Modal and Drawer set aria-modal): a menu, a date picker or a popover
// is a role="dialog" too, and moving the toasts for one restarted their timers (they never closed
// while a form was being filled)
const DIALOGS = '[role="dialog"][aria-modal="true"]';

function placeNow(): ToastPlace {
  const edges = [...document.querySelectorAll<HTMLElement>(DIALOGS)].map((d) => { const r = d.getBoundingClientRect(); return { left: r.left, right: r.right }; });
  return toastPlace(edges, window.innerWidth);
}
const same = (a: ToastPlace, b: ToastPlace) => a.position === b.position && a.width === b.width && a.belowDialogs === b.belowDialogs;

/** The dialogs that open and close anywhere on the page (Mantine's modals, drawers, confirm boxes). */
function useToastPlace(): ToastPlace {
  const [place, setPlace] = useState<ToastPlace>(placeNow);
  useEffect(() => {
    // once a frame at most: the page's own renders mutate the body all the time
    let frame: number | undefined;
    const measure = () => { frame = undefined; setPlace((was) => { const now = placeNow(); return same(was, now) ? was : now; }); };
    const update = () => { frame ??= requestAnimationFrame(measure); };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', update);
    update();
    return () => { observer.disconnect(); window.removeEventListener('resize', update); if (frame !== undefined) cancelAnimationFrame(frame); };
  }, []);
  return place;
}

export function AppNotifications() {
  const place = useToastPlace();
  return (
    <Notifications position={place.position} containerWidth={place.width}
      zIndex={place.belowDialogs ? getDefaultZIndex('modal') - 1 : getDefaultZIndex('overlay')} />
  );
}
