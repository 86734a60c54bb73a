/**
 * The login captcha image's size in CSS pixels: the server draws it at this size and the login form
 * shows it at this size, 1 : 1, as tall as the input beside it (Mantine's 36 px), so no letter is
 * scaled or cut.
 */
export const CAPTCHA_IMAGE = { width: 120, height: 36 } as const;
