// GET /locations, /operating-systems and /instance-types: the catalog the new-compute page offers.
import { instanceTypeListSchema, locationListSchema, operatingSystemListSchema } from '@/contract/computes';
import { storagePriceListSchema } from '@/contract/storage-prices';
import type { Catalog } from '../catalog/catalog';
import type { ComputeDriver } from '../drivers/compute/compute-driver';
import { defineRoutes, type Routes } from '../http/routes';
import { requireVerifiedUser } from '../identity/guards';

export function catalogRoutes(catalog: Catalog, driver?: Pick<ComputeDriver, 'refusePlacement'>): Routes[] {
  // The same for everyone and fixed while the server runs: a browser may keep it for a while.
  const cacheable = { 'Cache-Control': 'private, max-age=300' };
  const smallest = [...catalog.data.instanceTypes].sort(
    (a, b) => a.vcpus - b.vcpus || a.memoryMb - b.memoryMb || a.diskGb - b.diskGb,
  )[0];
  /** A driver with limited room (real hosts) makes a location unavailable once not even the smallest plan fits. */
  const locations = async () => {
    if (!driver?.refusePlacement || !smallest) return catalog.data.locations;
    return Promise.all(
      catalog.data.locations.map(async (location) => {
        if (!location.available) return location;
        const refusal = await driver.refusePlacement!({
          locationId: location.id,
          imageId: '*',
          vcpus: smallest.vcpus,
          memoryMb: smallest.memoryMb,
          diskGb: smallest.diskGb,
        });
        return refusal ? { ...location, available: false } : location;
      }),
    );
  };
  return [
    defineRoutes('/locations', 'Catalog').add({
      method: 'get',
      path: '/',
      summary: 'List the locations computes can run in',
      tokenScope: 'computes:read',
      guards: [requireVerifiedUser],
      responses: {
        200: { description: 'Every location; unavailable ones are coming.', schema: locationListSchema },
      },
      handler: async (c) =>
        c.json(
          { locations: await locations() },
          200,
          driver?.refusePlacement ? { 'Cache-Control': 'private, no-cache' } : cacheable,
        ),
    }),
    defineRoutes('/operating-systems', 'Catalog').add({
      method: 'get',
      path: '/',
      summary: 'List the operating-system images',
      tokenScope: 'computes:read',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Every image.', schema: operatingSystemListSchema } },
      handler: (c) => c.json({ operatingSystems: catalog.data.operatingSystems }, 200, cacheable),
    }),
    defineRoutes('/instance-types', 'Catalog').add({
      method: 'get',
      path: '/',
      summary: 'List the instance types (plans) with their prices in RWF and USD',
      tokenScope: 'computes:read',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Every plan, smallest first.', schema: instanceTypeListSchema } },
      handler: (c) => c.json({ instanceTypes: catalog.data.instanceTypes }, 200, cacheable),
    }),
    defineRoutes('/storage-prices', 'Catalog').add({
      method: 'get',
      path: '/',
      summary: 'List the prices per GB-month of what is stored (volumes, team images, …) in RWF and USD',
      tokenScope: 'computes:read',
      guards: [requireVerifiedUser],
      responses: {
        200: { description: 'A price per product kind.', schema: storagePriceListSchema },
      },
      handler: (c) => c.json({ storagePrices: catalog.storagePrices }, 200, cacheable),
    }),
  ];
}
