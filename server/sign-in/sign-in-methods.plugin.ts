import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SignInMethods } from './sign-in-methods.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where features add their ways to sign in and their second steps (sign-in-methods.ts). */
    signInMethods: SignInMethods;
  }
}

async function signInMethodsPlugin(app: FastifyInstance) {
  app.decorate('signInMethods', new SignInMethods(app.ctx.metrics));
}

export default fp(signInMethodsPlugin, { name: 'sign-in-methods', dependencies: ['app-context'] });
