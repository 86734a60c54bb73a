/**
 * Toasts customs' answers to the company's bills while the console is open (issue 16): 出口订单
 * SO… 海关入库, or 海关退单 with customs' reason; clicking the text opens the bill. Nothing shown
 * itself: it listens to the live events (src/lib/live-events.ts) for as long as the frame is mounted.
 * Answers arriving together (a batch's receipts) are gathered for ANSWER_GATHER_MS and told in one
 * summary (issue 31: five toasts covered the batch's failure table and 仅重试失败).
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
/** How long answers are gathered after the first one before they are shown (one toast or a summary). */
export const ANSWER_GATHER_MS = 800;

export interface CustomsAnswerToastsProps {
  /** the text was clicked: open the bill (its tab if one is open, else answer.path) */
  onOpen: (answer: CustomsAnswer) => void;
  client?: Pick<Http, 'post'>;
  liveEvents?: Pick<typeof appLiveEvents, 'subscribe'>;
}

/** 海关入库 3，海关退单 2: each state once, in the order they came. */
function countByState(answers: readonly CustomsAnswer[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(a.stateName, (counts.get(a.stateName) ?? 0) + 1);
  return [...counts];
}

export function CustomsAnswerToasts({ onOpen, client = http, liveEvents = appLiveEvents }: CustomsAnswerToastsProps) {
  useEffect(() => {
    let mounted = true;
    // the answers of the window now open (each a detail call, which may end after the window)
    let gathering: Promise<CustomsAnswer | null>[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const showOne = (answer: CustomsAnswer) => {
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
    };
    const show = (found: readonly (CustomsAnswer | null)[]) => {
      // one per bill and state, however often the stream repeated it
      const answers = [...new Map(found.filter((a): a is CustomsAnswer => a !== null).map((a) => [a.id, a])).values()];
      if (!mounted || answers.length === 0) return;
      if (answers.length === 1) { showOne(answers[0]!); return; }
      notifications.show({
        id: `customs:summary:${answers.map((a) => a.id).join(',')}`,
        title: eventsText.customsAnsweredTitle,
        message: eventsText.customsAnsweredMany(answers.length, countByState(answers)),
        color: answers.some((a) => a.refused) ? 'red' : 'teal',
        autoClose: ANSWER_TOAST_MS,
      });
    };
    const close = () => {
      timer = undefined;
      const calls = gathering;
      gathering = [];
      void Promise.all(calls).then(show);
    };
    const unsubscribe = liveEvents.subscribe((event) => {
      if (!isCustomsAnswer(event)) return;
      gathering.push(describeAnswer(event, client));
      timer ??= setTimeout(close, ANSWER_GATHER_MS);
    });
    return () => { mounted = false; if (timer) clearTimeout(timer); unsubscribe(); };
  }, [client, liveEvents, onOpen]);
  return null;
}
