import { appConfigSchema } from '@/contract/app-config';
import { json, resourceManagerClient } from './http';

export function fetchAppConfig() {
  return json(appConfigSchema, () => resourceManagerClient.get('app-configs'));
}
