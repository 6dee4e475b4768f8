import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ThemeProvider } from 'styled-components';
import { createAppRouter } from './app/app-router.tsx';
import { AuthProvider } from './auth/auth-context.tsx';
import { Toaster } from './components/toast/toaster.tsx';
import { GlobalStyle } from './global-style.ts';
import { theme } from './theme.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <AuthProvider>
        <RouterProvider router={createAppRouter()} />
        <Toaster />
      </AuthProvider>
    </ThemeProvider>
  </StrictMode>,
);
