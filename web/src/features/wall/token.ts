/**
 * The display token of a paired wall, kept in local storage under its own key: a screen that is also used to
 * sign in (a test, a demo) never mixes the two, and signing out of the app leaves the wall paired.
 */
export const WALL_TOKEN_KEY = 'wallToken';

export function readWallToken(): string | null {
  try {
    return localStorage.getItem(WALL_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeWallToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(WALL_TOKEN_KEY, token);
    else localStorage.removeItem(WALL_TOKEN_KEY);
  } catch {
    // Storage refused (a locked-down kiosk profile): the screen stays paired until it reloads.
  }
}
