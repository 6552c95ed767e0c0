/** Messages between the service worker and the app's windows. */

/** Worker → window: a notification was tapped; show this path of the app (no reload). */
export const OPEN_PATH = 'OPEN_PATH';
