// What the app shell uses from the auth feature.
export { authPublicRoutes } from './routes';
export { getUserConfig } from './api/get-user-config';
export { logoutRequest } from './api/logout';
export { useHeartbeat } from './api/heart';
