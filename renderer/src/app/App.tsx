import '@mantine/core/styles.css';
import './global.css';
import './layouts/layout.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { router } from './routes/router';
import { appStore, queryClient } from './store';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={appStore}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark" forceColorScheme="dark">
          <RouterProvider router={router} />
        </MantineProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
