// What the app shell uses from the custom page feature.
export { customPageRoutes } from './routes';
export { getCustomPage } from './api/get-custom-page';
