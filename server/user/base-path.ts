/** Where the user service lives (SPEC §7). */
export const USER_BASE_PATH = '/user/api/v1';
