import { createBrowserRouter } from 'react-router';
import { HomeScreen } from '../features/home/home-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { paths } from '../lib/paths';
import { Shell } from './shell';

export const routes = [
  {
    path: paths.home,
    element: <Shell />,
    children: [
      { index: true, element: <HomeScreen /> },
      {
        path: paths.pricing,
        lazy: async () => ({ Component: (await import('../features/pricing/pricing-screen')).PricingScreen }),
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
