// Floor for /login: the smallest Vite + React 19 page (react-dom/client render of one heading).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('h1', null, 'Blank page'));
