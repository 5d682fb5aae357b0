// What the app shell uses from the team feature.
export { teamRoutes } from './routes';
