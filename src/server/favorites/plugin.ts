// Decorates the app with the favourites service (favorites/service.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDogRepository } from '../dogs/repository';
import { createFavoriteService, type FavoriteService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    favorites: FavoriteService;
  }
}

export const favorites = fp(
  async (app: FastifyInstance) => {
    app.decorate('favorites', createFavoriteService(createDogRepository(app.db)));
  },
  { name: 'favorites', dependencies: ['database'] },
);
