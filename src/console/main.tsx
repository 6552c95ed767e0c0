import '../ui/theme.css';
import './ui/console.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { messages } from '../../locales/en_US/console.po';
import { consoleQueryClient } from './app/query-client';
import { consoleRouter } from './app/router';

i18n.loadAndActivate({ locale: 'en_US', locales: 'en-US', messages });
const root = document.getElementById('root');
if (!root) throw new Error("index.html's #root is missing");
createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={consoleQueryClient}>
        <RouterProvider router={consoleRouter} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
