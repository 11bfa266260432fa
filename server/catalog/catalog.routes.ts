// GET /locations, /operating-systems and /instance-types: the catalog the new-compute page offers.
import {
  instanceTypeListSchema,
  locationListSchema,
  operatingSystemListSchema,
} from '../../src/contract/computes';
import { defineRoutes, type Routes } from '../http/routes';
import { requireVerifiedUser } from '../identity/guards';
import type { Catalog } from './catalog';

export function catalogRoutes(catalog: Catalog): Routes[] {
  // The same for everyone and fixed while the server runs: a browser may keep it for a while.
  const cacheable = { 'Cache-Control': 'private, max-age=300' };
  return [
    defineRoutes('/locations', 'Catalog').add({
      method: 'get',
      path: '/',
      summary: 'List the locations computes can run in',
      guards: [requireVerifiedUser],
      responses: {
        200: { description: 'Every location; unavailable ones are coming.', schema: locationListSchema },
      },
      handler: (c) => c.json({ locations: catalog.data.locations }, 200, cacheable),
    }),
    defineRoutes('/operating-systems', 'Catalog').add({
      method: 'get',
      path: '/',
      summary: 'List the operating-system images',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Every image.', schema: operatingSystemListSchema } },
      handler: (c) => c.json({ operatingSystems: catalog.data.operatingSystems }, 200, cacheable),
    }),
    defineRoutes('/instance-types', 'Catalog').add({
      method: 'get',
      path: '/',
      summary: 'List the instance types (plans) with their prices in RWF and USD',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Every plan, smallest first.', schema: instanceTypeListSchema } },
      handler: (c) => c.json({ instanceTypes: catalog.data.instanceTypes }, 200, cacheable),
    }),
  ];
}
