import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/Root';
import { store } from './lib/store';
import { initSession } from './session/session';
import './signin.css';

// Verify the stored token once, outside React, while the first paint shows the spinner.
void initSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <Root />
    </Provider>
  </StrictMode>,
);
