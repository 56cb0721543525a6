// "Me interesa" requests (adoption applications) and the adopter profile sent with them.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import {
  adopterProfileInputSchema,
  meetsSterilizationRule,
  STERILIZATION_RULE_MESSAGE,
} from '@/shared/adopter-profile';
import { dogIdParamSchema } from '@/shared/dog';
import {
  INTEREST_MESSAGES,
  interestBoxQuerySchema,
  interestIdParamSchema,
  interestInputSchema,
  interestStateInputSchema,
  type Interest,
} from '@/shared/interest';
import { interestTransitionError, isOpenInterest } from '@/shared/interest-states';
import type { MockDb, StoredInterest } from '../mock-db';
import { API, apiError, firstIssue, readJson, searchParamsOf } from './common';

export function interestHandlers(db: MockDb) {
  const presentInterest = (stored: StoredInterest): Interest => {
    const dog = db.dogs.find((d) => d.id === stored.dogId)!;
    const sender = db.users.find((u) => u.id === stored.senderId)!;
    return {
      id: stored.id,
      dog: { id: dog.id, name: dog.name },
      sender: { name: sender.name, email: sender.email },
      message: stored.message,
      phone: stored.phone,
      state: stored.state,
      history: stored.history ?? [{ state: 'new', at: stored.created_at }],
      profile: stored.profile ?? null,
      created_at: stored.created_at,
      updated_at: stored.updated_at,
    };
  };

  return [
    http.post(`${API}/dog/:id/interest`, async ({ request, params }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const id = dogIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      const dog = db.dogs.find((d) => d.id === id.data.id);
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      if (dog.hostage_id === user.id) return apiError(403, INTEREST_MESSAGES.ownDog);
      const parsed = interestInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (dog.status === 'adopted') return apiError(409, INTEREST_MESSAGES.adopted);
      const profile = db.adopterProfiles.get(user.id) ?? null;
      if (!meetsSterilizationRule(dog, profile)) return apiError(409, STERILIZATION_RULE_MESSAGE);
      const open = db.interests.some(
        (i) => i.dogId === dog.id && i.senderId === user.id && isOpenInterest(i.state),
      );
      if (open) return apiError(409, INTEREST_MESSAGES.alreadyOpen);
      const now = new Date().toISOString();
      const stored: StoredInterest = {
        id: Math.max(0, ...db.interests.map((i) => i.id)) + 1,
        dogId: dog.id,
        senderId: user.id,
        message: parsed.data.message,
        phone: parsed.data.phone ?? null,
        state: 'new',
        history: [{ state: 'new', at: now }],
        profile: profile && { ...profile },
        created_at: now,
        updated_at: now,
      };
      db.interests.push(stored);
      return HttpResponse.json({ interest: presentInterest(stored) }, { status: 201 });
    }),

    http.get(`${API}/me/interests`, async ({ request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const query = interestBoxQuerySchema.safeParse(searchParamsOf(request));
      if (!query.success) return apiError(400, firstIssue(query.error));
      const mine = (i: StoredInterest) =>
        query.data.box === 'sent'
          ? i.senderId === user.id
          : db.dogs.some((d) => d.id === i.dogId && d.hostage_id === user.id);
      const list = db.interests.filter(mine).reverse();
      return HttpResponse.json(list.map(presentInterest));
    }),

    http.patch(`${API}/interest/:id`, async ({ request, params }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const id = interestIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      const body = interestStateInputSchema.safeParse(await readJson(request));
      if (!body.success) return apiError(400, firstIssue(body.error));
      const stored = db.interests.find((i) => i.id === id.data.id);
      if (!stored) return apiError(404, INTEREST_MESSAGES.notFound);
      const dog = db.dogs.find((d) => d.id === stored.dogId);
      const actor =
        dog?.hostage_id === user.id
          ? 'rescuer'
          : stored.senderId === user.id
            ? 'applicant'
            : undefined;
      if (!actor) return apiError(403, INTEREST_MESSAGES.notDogOwner);
      const refusal = interestTransitionError(actor, stored.state, body.data.state);
      if (refusal) return apiError(refusal.status, refusal.error);
      if (stored.state !== body.data.state) {
        const at = new Date().toISOString();
        stored.history = [
          ...(stored.history ?? [{ state: 'new', at: stored.created_at }]),
          { state: body.data.state, at, ...(body.data.note ? { note: body.data.note } : {}) },
        ];
        stored.state = body.data.state;
        stored.updated_at = at;
      }
      return HttpResponse.json({ interest: presentInterest(stored) });
    }),

    http.get(`${API}/me/adopter-profile`, async () => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json({ profile: db.adopterProfiles.get(user.id) ?? null });
    }),

    http.put(`${API}/me/adopter-profile`, async ({ request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = adopterProfileInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      db.adopterProfiles.set(user.id, parsed.data);
      return HttpResponse.json({ profile: parsed.data });
    }),
  ];
}
