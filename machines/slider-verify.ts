/**
 * The slider verification widget (accounts-and-enterprise.md §4): a person drags the handle to the
 * right end of the track. It verifies only if released at the right end; any other release snaps the
 * handle back to the start and shows the error. Used where a person confirms a sensitive account
 * action (the 修改密码 dialog, src/components/SliderVerify.tsx).
 *
 * States
 *   unverified.idle       the handle rests (at 0); `failed` says whether the last drag was released short
 *   unverified.dragging   the handle follows the pointer (or the keyboard)
 *   verified              released at the right end; the handle stays there until a reset
 * Events: drag.start · drag.move {position 0..1} · drag.release · slider.reset (from any state)
 * Effects (placeholder, supplied with provide()): action `verified` on entering verified.
 *
 * Context: position (0..1, clamped; NaN counts as 0), failed (the error the view shows).
 */
import { assign, setup } from 'xstate';
import { machineLabels } from './labels.ts';

/**
 * A release at or beyond this position counts as "fully right". Not exactly 1: the view turns
 * pixels into a fraction of the track, and a handle a person sees touching the end can come out at
 * 0.99… after sub-pixel layout, zoom or a touch point that lifts a pixel early. 2% is about 6 px
 * of a 300 px track, less than the handle's own width, so a release short of the visible end still
 * fails.
 */
export const VERIFY_AT = 0.98;

export interface SliderContext {
  position: number;
  failed: boolean;
}

export type SliderEvent =
  | { type: 'drag.start' }
  | { type: 'drag.move'; position: number }
  | { type: 'drag.release' }
  | { type: 'slider.reset' };

/** Positions outside 0..1 (a pointer past either end) are the ends. */
export const clampPosition = (position: number): number => Math.min(1, Math.max(0, Number.isNaN(position) ? 0 : position));

export const sliderVerifyMachine = setup({
  types: {} as { context: SliderContext; events: SliderEvent },
  actions: {
    verified: () => {},
  },
  guards: {
    atEnd: ({ context }) => context.position >= VERIFY_AT,
  },
}).createMachine({
  id: 'sliderVerify',
  meta: machineLabels({
    events: { 'slider.reset': '重置', 'drag.start': '按下滑块', 'drag.move': '拖动', 'drag.release': '松开' },
    guards: { atEnd: '拖到最右边' },
  }),
  context: { position: 0, failed: false },
  initial: 'unverified',
  on: {
    'slider.reset': { target: '.unverified', actions: assign({ position: 0, failed: false }) },
  },
  states: {
    unverified: {
      description: '未验证',
      initial: 'idle',
      states: {
        idle: {
          description: '滑块在起点（上次未拖到最右边时提示验证失败）',
          on: { 'drag.start': { target: 'dragging', actions: assign({ failed: false }) } },
        },
        dragging: {
          description: '拖动中',
          on: {
            'drag.move': { actions: assign({ position: ({ event }) => clampPosition(event.position) }) },
            'drag.release': [
              { guard: 'atEnd', target: '#sliderVerify.verified', actions: assign({ position: 1 }) },
              { target: 'idle', actions: assign({ position: 0, failed: true }) },
            ],
          },
        },
      },
    },
    verified: { description: '验证通过', entry: 'verified' },
  },
});

export type SliderVerifyMachine = typeof sliderVerifyMachine;
