// What the sign-in page offers: the e-mail code always, each social provider only when it is configured.
import { type SignInMethods, signInMethodsSchema } from '@/contract/auth';
import { defineRoutes } from '../../http/routes';

export function signInMethodsRoutes() {
  return defineRoutes('/auth', 'Sign-in').add({
    method: 'get',
    path: '/methods',
    summary: 'List the ways to sign in',
    tokenScope: 'never',
    responses: { 200: { description: 'The sign-in methods on offer.', schema: signInMethodsSchema } },
    handler: (c) => {
      const providers = [...c.get('identity').providers.values()].map((client) => ({
        id: client.id,
        name: client.name,
      }));
      const methods: SignInMethods = { emailCode: true, providers };
      return c.json(methods, 200);
    },
  });
}
