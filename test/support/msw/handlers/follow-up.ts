// Closing an adoption and its follow-up: the acta, check-ins, sterilization and happy endings.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import {
  ACTA_VERSION,
  actaText,
  checkinInputSchema,
  FOLLOW_UP_MESSAGES,
  sterilizationInputSchema,
  type Adoption,
} from '@/shared/follow-up';
import type { MockDb } from '../mock-db';
import { API, apiError, firstIssue, readJson } from './common';
import { mockPhoto } from './photos';

export function followUpHandlers(db: MockDb) {
  /** An adoption as the session's user may see it (with its role), or the refusal to answer. */
  const adoptionFor = (id: number, only?: 'rescuer' | 'adopter') => {
    const user = db.sessionUser;
    if (!user) return apiError(401, MESSAGES.notLoggedIn);
    const stored = db.adoptions.find((a) => a.detail.adoption.id === id);
    if (!stored) return apiError(404, FOLLOW_UP_MESSAGES.notFound);
    const role =
      stored.rescuerId === user.id ? 'rescuer' : stored.adopterId === user.id ? 'adopter' : null;
    if (!role) return apiError(403, FOLLOW_UP_MESSAGES.forbidden);
    if (only && role !== only)
      return apiError(
        403,
        only === 'adopter' ? FOLLOW_UP_MESSAGES.onlyAdopter : FOLLOW_UP_MESSAGES.notRescuer,
      );
    return {
      stored,
      ...stored.detail,
      adoption: { ...stored.detail.adoption, role } as Adoption,
    };
  };

  return [
    // Closing an adoption and its follow-up.
    http.post(`${API}/dog/:id/adoption`, async ({ params, request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const dog = db.dogs.find((d) => d.id === Number(params.id));
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      if (dog.hostage_id !== user.id) return apiError(403, FOLLOW_UP_MESSAGES.notOwner);
      const body = (await readJson(request)) as { interest_id?: number };
      const interest = db.interests.find((i) => i.id === body.interest_id && i.dogId === dog.id);
      if (!interest) return apiError(404, FOLLOW_UP_MESSAGES.interestNotFound);
      if (interest.state !== 'approved')
        return apiError(409, FOLLOW_UP_MESSAGES.interestNotApproved);
      const adopter = db.users.find((u) => u.id === interest.senderId)!;
      const id = Math.max(0, ...db.adoptions.map((a) => a.detail.adoption.id)) + 1;
      const stored = {
        rescuerId: user.id,
        adopterId: adopter.id,
        detail: {
          adoption: {
            id,
            state: 'pending' as const,
            dog: { id: dog.id, name: dog.name, image: dog.image },
            rescuer: { name: user.name, email: user.email },
            adopter: { name: adopter.name, email: adopter.email },
            interest_id: interest.id,
            acta_version: null,
            acta: actaText(dog.name, dog.sterilized ? null : '2026-05-01'),
            created_at: new Date().toISOString(),
            accepted_at: null,
            returned_at: null,
            return_note: null,
            cancelled_at: null,
            share_consent: false,
            role: 'rescuer' as const,
            overdue: false,
          },
          checkins: [],
          sterilization: {
            required: !dog.sterilized,
            due: dog.sterilized ? null : '2026-05-01',
            done_on: null,
            clinic: null,
            photo: null,
            recorded_at: null,
            overdue: false,
          },
        },
      };
      db.adoptions.push(stored);
      return HttpResponse.json({ adoption: stored.detail.adoption }, { status: 201 });
    }),

    http.get(`${API}/me/adoptions`, async () => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const mine = db.adoptions
        .filter(
          (a) =>
            (a.rescuerId === user.id || a.adopterId === user.id) &&
            a.detail.adoption.state !== 'cancelled',
        )
        .map((a): Adoption => ({
          ...a.detail.adoption,
          role: a.rescuerId === user.id ? 'rescuer' : 'adopter',
        }));
      return HttpResponse.json([
        ...mine.filter((a) => a.overdue),
        ...mine.filter((a) => !a.overdue),
      ]);
    }),

    http.get(`${API}/adoptions/:id`, async ({ params }) => {
      const found = adoptionFor(Number(params.id));
      if (found instanceof Response) return found;
      const { stored: _stored, ...detail } = found;
      return HttpResponse.json(detail);
    }),

    http.post(`${API}/adoptions/:id/accept`, async ({ params }) => {
      const found = adoptionFor(Number(params.id), 'adopter');
      if (found instanceof Response) return found;
      if (found.adoption.state !== 'pending') return apiError(409, FOLLOW_UP_MESSAGES.notPending);
      Object.assign(found.stored.detail.adoption, {
        state: 'active',
        accepted_at: new Date().toISOString(),
        acta_version: ACTA_VERSION,
      });
      const dog = db.dogs.find((d) => d.id === found.adoption.dog.id);
      if (dog) dog.status = 'adopted';
      return HttpResponse.json({ adoption: { ...found.stored.detail.adoption, role: 'adopter' } });
    }),

    http.patch(`${API}/adoptions/:id`, async ({ params, request }) => {
      const found = adoptionFor(Number(params.id), 'adopter');
      if (found instanceof Response) return found;
      const body = (await readJson(request)) as { share_consent?: unknown };
      if (typeof body.share_consent !== 'boolean')
        return apiError(400, 'share_consent debe ser true o false');
      found.stored.detail.adoption.share_consent = body.share_consent;
      return HttpResponse.json({ adoption: { ...found.stored.detail.adoption, role: 'adopter' } });
    }),

    http.post(`${API}/adoptions/:id/return`, async ({ params }) => {
      const found = adoptionFor(Number(params.id), 'rescuer');
      if (found instanceof Response) return found;
      if (found.adoption.state !== 'active') return apiError(409, FOLLOW_UP_MESSAGES.notActive);
      Object.assign(found.stored.detail.adoption, {
        state: 'returned',
        returned_at: new Date().toISOString(),
      });
      return HttpResponse.json({ adoption: { ...found.stored.detail.adoption, role: 'rescuer' } });
    }),

    http.post(`${API}/adoptions/:id/cancel`, async ({ params }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const stored = db.adoptions.find((a) => a.detail.adoption.id === Number(params.id));
      if (!stored) return apiError(404, FOLLOW_UP_MESSAGES.notFound);
      if (stored.rescuerId !== user.id)
        return apiError(
          403,
          stored.adopterId === user.id
            ? FOLLOW_UP_MESSAGES.notRescuerCancel
            : FOLLOW_UP_MESSAGES.forbidden,
        );
      if (stored.detail.adoption.state !== 'pending')
        return apiError(409, FOLLOW_UP_MESSAGES.notCancellable);
      Object.assign(stored.detail.adoption, {
        state: 'cancelled',
        cancelled_at: new Date().toISOString(),
      });
      return HttpResponse.json({ adoption: { ...stored.detail.adoption, role: 'rescuer' } });
    }),

    http.post(`${API}/adoptions/:id/sterilization`, async ({ params, request }) => {
      const found = adoptionFor(Number(params.id), 'adopter');
      if (found instanceof Response) return found;
      const parsed = sterilizationInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      Object.assign(found.stored.detail.sterilization, {
        done_on: parsed.data.date,
        clinic: parsed.data.clinic ?? null,
        recorded_at: new Date().toISOString(),
        overdue: false,
      });
      return HttpResponse.json({ ...found.stored.detail, adoption: found.adoption });
    }),

    http.get(`${API}/checkins/:token`, async ({ params }) => {
      const token = String(params.token);
      const checkin = db.checkins.get(token);
      if (!checkin) return apiError(404, FOLLOW_UP_MESSAGES.checkinNotFound);
      if (db.checkinAnswers.has(token)) return apiError(410, FOLLOW_UP_MESSAGES.checkinUsed);
      return HttpResponse.json({ checkin });
    }),

    http.post(`${API}/checkins/:token/photos`, async ({ params }) => {
      const token = String(params.token);
      if (!db.checkins.has(token)) return apiError(404, FOLLOW_UP_MESSAGES.checkinNotFound);
      if (db.checkinAnswers.has(token)) return apiError(410, FOLLOW_UP_MESSAGES.checkinUsed);
      const photo = mockPhoto(db.nextPhotoId());
      db.photos.push({ ...photo, ownerId: 0 });
      return HttpResponse.json({ photo }, { status: 201 });
    }),

    http.post(`${API}/checkins/:token`, async ({ params, request }) => {
      const token = String(params.token);
      if (!db.checkins.has(token)) return apiError(404, FOLLOW_UP_MESSAGES.checkinNotFound);
      if (db.checkinAnswers.has(token)) return apiError(410, FOLLOW_UP_MESSAGES.checkinUsed);
      const parsed = checkinInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      db.checkinAnswers.set(token, parsed.data);
      const answered_at = new Date().toISOString();
      return HttpResponse.json(
        { checkin: { status: parsed.data.status, answered_at } },
        { status: 201 },
      );
    }),

    http.get(`${API}/happy-endings`, async () => {
      return HttpResponse.json(db.happyEndings);
    }),

    http.get(`${API}/dog/:id/today`, async ({ params }) => {
      const today = db.happyEndings.find((h) => h.dog.id === Number(params.id)) ?? null;
      return HttpResponse.json({ today });
    }),
  ];
}
