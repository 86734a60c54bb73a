/**
 * Toasts customs' answers to the company's bills while the console is open (issue 16): 出口订单
 * SO… 海关入库, or 海关退单 with customs' reason; clicking the text opens the bill. Nothing shown
 * itself: it listens to the live events (src/lib/live-events.ts) for as long as the frame is mounted.
 * A burst (a batch's receipts) reaches the page as a list's counts, not as bills: no flood of toasts.
 */
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { isCustomsAnswer } from '../../../domain/events.ts';
import { eventsText } from '../../../domain/texts/events.ts';
import { http, type Http } from '../../lib/http.ts';
import { liveEvents as appLiveEvents } from '../../lib/live-events.ts';
import { describeAnswer, type CustomsAnswer } from './customs-answers.ts';

/** How long a customs answer stays: longer than a warning, it is news the user waits for. */
export const ANSWER_TOAST_MS = 10_000;

export interface CustomsAnswerToastsProps {
  /** the text was clicked: open the bill (its tab if one is open, else answer.path) */
  onOpen: (answer: CustomsAnswer) => void;
  client?: Pick<Http, 'post'>;
  liveEvents?: Pick<typeof appLiveEvents, 'subscribe'>;
}

export function CustomsAnswerToasts({ onOpen, client = http, liveEvents = appLiveEvents }: CustomsAnswerToastsProps) {
  useEffect(() => {
    let mounted = true;
    const unsubscribe = liveEvents.subscribe((event) => {
      if (!isCustomsAnswer(event)) return;
      void describeAnswer(event, client).then((answer) => {
        if (!answer || !mounted) return;
        const open = () => { notifications.hide(answer.id); onOpen(answer); };
        notifications.show({
          id: answer.id,
          title: eventsText.customsAnsweredTitle,
          message: (
            <Anchor component="button" type="button" size="sm" onClick={open}>
              {answer.text}
            </Anchor>
          ),
          color: answer.refused ? 'red' : 'teal',
          autoClose: ANSWER_TOAST_MS,
        });
      });
    });
    return () => { mounted = false; unsubscribe(); };
  }, [client, liveEvents, onOpen]);
  return null;
}
