/**
 * Texts of the slider verification widget (accounts-and-enterprise.md §4). The spec gives no
 * wording, so all are ours, in the words Chinese sites' slider checks use (请按住滑块，拖动到最右边 /
 * 验证通过 are the common phrasing of such widgets).
 */
export const sliderVerifyText = {
  hint: '请按住滑块，拖动到最右边', // ours
  verified: '验证通过', // ours
  failed: '验证失败，请重试', // ours
  /** accessible name of the handle (role slider) (ours) */
  handle: '滑动验证',
  /** aria-valuetext while not verified: how far the handle is (ours) */
  progress: (percent: number) => `已拖动${percent}%`,
} as const;
