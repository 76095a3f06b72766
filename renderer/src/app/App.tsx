import '@mantine/core/styles.css';
import './layouts/layout.css';
import { MantineProvider } from '@mantine/core';
import { Provider as JotaiProvider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { router } from './routes/router';
import { appStore } from './store';
import { theme } from './theme';

export function App() {
  return (
    <JotaiProvider store={appStore}>
      <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
        <RouterProvider router={router} />
      </MantineProvider>
    </JotaiProvider>
  );
}
