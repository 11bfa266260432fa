import { appConfigSchema } from '../contract/app-config';
import { call, resourceManagerClient } from './http';

export function fetchAppConfig() {
  return call(() => resourceManagerClient.get('app-configs').json(appConfigSchema));
}
