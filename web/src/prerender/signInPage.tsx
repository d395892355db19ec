import { renderToStaticMarkup } from 'react-dom/server';
import { LoginScreen } from '../pages/LoginScreen';

/**
 * The sign-in screen as static HTML, for web/scripts/prerender.mjs: /login then shows the form as soon as its HTML
 * and stylesheet are in, instead of after every script has loaded and run. The running app replaces it.
 */
export function renderSignInPage(): string {
  return renderToStaticMarkup(<LoginScreen preview />);
}
