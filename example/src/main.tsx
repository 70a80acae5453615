import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import { store } from './store';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element.');

// the hooks of rtk-entities/react find the store through react-redux's Provider
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
