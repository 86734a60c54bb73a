/** §9: the reward detail's tables page by 10, with the choices 10, 20, 50 and 100. */
export const REWARD_DETAIL_PAGE_SIZE = 10;
export const REWARD_DETAIL_PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 50, 100];
