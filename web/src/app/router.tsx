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
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
