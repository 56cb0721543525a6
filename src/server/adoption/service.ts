// Adoption applications ("Me interesa"): a logged-in visitor applies for a dog with a snapshot of
// their adopter profile, the rescuer moves the application through its states, the applicant may
// withdraw it; every state reached e-mails the applicant once. Every e-mail of this feature is
// queued from here (the `tell` helpers), as a job stored in the same transaction as the change
// that causes it (mail/queue.ts delivers and retries it).
import {
  meetsSterilizationRule,
  STERILIZATION_RULE_MESSAGE,
  type AdopterProfile,
} from '../../shared/adopter-profile';
import { MESSAGES } from '../../shared/api';
import {
  INTEREST_MESSAGES,
  RESPONSE_TIME_DAYS,
  RESPONSE_TIME_MIN_REQUESTS,
  type Interest,
  type InterestBox,
  type InterestInput,
  type ResponseTime,
} from '../../shared/interest';
import type { InterestStateTarget } from '../../shared/interest-states';
import { MY_APPLICATIONS_PATH, MY_DOGS_PATH } from '../../shared/site';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import {
  applicationDogRemovedMail,
  applicationStateMail,
  interestReceivedMail,
  type ApplicationMailState,
} from '../mail/messages';
import type { MailQueue } from '../mail/queue';
import { createAdoptionRepository, type OpenApplicant } from './repository';

export interface AdoptionServiceDeps {
  db: Db;
  mail: MailQueue;
  /** The site's address for links in e-mails (config.publicUrl). */
  publicUrl: string;
  /** The address people write to (config.site.email), named in every e-mail. */
  contact: string;
  now: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Built received boxes are kept up to this many bytes in all, the least recently used go first. */
export const RECEIVED_BOXES_MAX_BYTES = 16 * 1024 * 1024;

export function createAdoptionService({ db, mail, publicUrl, contact, now }: AdoptionServiceDeps) {
  const repository = createAdoptionRepository(db);
  const receivedBoxes = new Map<number, { version: string; json: Buffer }>();
  let receivedBytes = 0;
  const keepReceivedBox = (userId: number, version: string, json: Buffer) => {
    const before = receivedBoxes.get(userId);
    if (before) receivedBytes -= before.json.length;
    receivedBoxes.delete(userId);
    if (json.length > RECEIVED_BOXES_MAX_BYTES) return;
    receivedBoxes.set(userId, { version, json });
    receivedBytes += json.length;
    for (const [id, entry] of receivedBoxes) {
      if (receivedBytes <= RECEIVED_BOXES_MAX_BYTES) break;
      receivedBoxes.delete(id);
      receivedBytes -= entry.json.length;
    }
  };

  /** The e-mails of this feature, each stored as a job inside `tx`. */
  const tell = {
    rescuer(
      tx: Queryable,
      dog: { name: string; owner: { name: string; email: string } },
      interest: Interest,
    ) {
      return mail.enqueue(
        tx,
        'interest-received',
        interestReceivedMail(
          dog.owner,
          {
            senderName: interest.sender.name,
            dogName: dog.name,
            message: interest.message,
            hasProfile: interest.profile !== null,
          },
          `${publicUrl}${MY_DOGS_PATH}`,
          contact,
        ),
      );
    },
    applicant(tx: Queryable, interest: Interest, state: ApplicationMailState, note?: string) {
      return mail.enqueue(
        tx,
        `interest-${state}`,
        applicationStateMail(
          interest.sender,
          { dogName: interest.dog.name, state, note },
          `${publicUrl}${MY_APPLICATIONS_PATH}`,
          contact,
        ),
      );
    },
    dogRemoved(tx: Queryable, applicant: OpenApplicant) {
      return mail.enqueue(
        tx,
        'interest-dog-removed',
        applicationDogRemovedMail(
          applicant.sender,
          { dogName: applicant.dogName },
          `${publicUrl}/perros`,
          contact,
        ),
      );
    },
  };

  return {
    /**
     * An application for a dog anyone may see (404 otherwise: the owner of a hidden or deleted
     * listing gets nothing), by someone other than its owner (403), that is neither a demo nor
     * adopted (409), when the applicant has no open application for it yet (409). It carries a copy of the
     * applicant's adopter profile; a dog that is not sterilized needs the profile's commitment to
     * sterilize it and to accept follow-up (409 otherwise).
     */
    async send(dogId: number, sender: { id: number; name: string }, input: InterestInput) {
      const dog = await repository.visibleDog(dogId);
      if (!dog) throw new HttpError(404, MESSAGES.dogNotFound);
      if (dog.owner.id === sender.id) throw new HttpError(403, INTEREST_MESSAGES.ownDog);
      if (dog.demo) throw new HttpError(409, INTEREST_MESSAGES.demo);
      if (dog.status === 'adopted') {
        const message =
          dog.sex === 'female' ? INTEREST_MESSAGES.adoptedFemale : INTEREST_MESSAGES.adopted;
        throw new HttpError(409, message);
      }
      const profile = await repository.adopterProfile(sender.id);
      if (!meetsSterilizationRule(dog, profile))
        throw new HttpError(409, STERILIZATION_RULE_MESSAGE);
      return db.transaction(async (tx) => {
        const interest = await createAdoptionRepository(tx).insert(
          dogId,
          sender.id,
          input,
          profile,
          now(),
        );
        // Thrown, so the transaction rolls back (after a failed insert PostgreSQL refuses more).
        if (interest === 'gone') throw new HttpError(404, MESSAGES.dogNotFound);
        if (interest === 'open') throw new HttpError(409, INTEREST_MESSAGES.alreadyOpen);
        await tell.rescuer(tx, dog, interest);
        await tell.applicant(tx, interest, 'new');
        return interest;
      });
    },

    /**
     * A box as the JSON array the API sends (matching interestListSchema). A received box is
     * kept while its version (migration 041) stays the same: a rescuer with thousands of
     * applications reopening Mis publicaciones costs one small query. The version is read before
     * the box is built, so a change landing in between only makes the next read build it again.
     */
    async listJson(userId: number, box: InterestBox): Promise<Buffer> {
      if (box === 'sent') return Buffer.from(await repository.sentJson(userId));
      const version = await repository.receivedVersion(userId);
      const kept = receivedBoxes.get(userId);
      if (kept?.version === version) {
        // Most recently used last.
        receivedBoxes.delete(userId);
        receivedBoxes.set(userId, kept);
        return kept.json;
      }
      const json = Buffer.from(await repository.receivedJson(userId));
      keepReceivedBox(userId, version, json);
      return json;
    },

    /**
     * The rescuer moves an application (reviewing, interview, approved, declined) or the
     * applicant withdraws it; 404 no such application, 403 someone else or the wrong side, 409 a
     * change its state does not allow. The applicant is e-mailed the first time it reaches a state.
     */
    async changeState(
      interestId: number,
      userId: number,
      state: InterestStateTarget,
      note?: string,
    ): Promise<Interest> {
      return db.transaction(async (tx) => {
        const result = await createAdoptionRepository(tx).changeState(
          interestId,
          userId,
          state,
          note,
          now(),
        );
        // Refusals are thrown, so the transaction rolls back.
        if ('refused' in result) {
          switch (result.refused) {
            case 'missing':
              throw new HttpError(404, INTEREST_MESSAGES.notFound);
            case 'stranger':
              throw new HttpError(403, INTEREST_MESSAGES.notDogOwner);
            case 'reopen-taken':
              throw new HttpError(409, INTEREST_MESSAGES.reopenTaken);
            case 'transition':
              throw new HttpError(result.status, result.error);
          }
        }
        const { interest, notify } = result;
        // `adopted` is never reached here (only by closing an adoption).
        if (notify && interest.state !== 'adopted')
          await tell.applicant(tx, interest, interest.state, note);
        return interest;
      });
    },

    /**
     * Inside the transaction in which `ownerId` deletes dog `dogId`: its open applications end
     * with it, and each of those applicants is told, kindly, once the deletion commits.
     */
    async beforeDogRemoved(tx: Queryable, dogId: number, ownerId: number): Promise<void> {
      const applicants = await createAdoptionRepository(tx).openApplicants(dogId, ownerId);
      for (const applicant of applicants) await tell.dogRemoved(tx, applicant);
    },

    adopterProfile(userId: number): Promise<AdopterProfile | null> {
      return repository.adopterProfile(userId);
    },

    async saveAdopterProfile(userId: number, profile: AdopterProfile): Promise<AdopterProfile> {
      await repository.saveAdopterProfile(userId, profile, now());
      return profile;
    },

    /**
     * The median time to a first answer of the rescuer of dog `dogId` over the last 90 days,
     * shown once they had 3 requests or more (404: the dog is not visible).
     */
    async responseTime(dogId: number): Promise<ResponseTime> {
      const dog = await repository.visibleDog(dogId);
      if (!dog) throw new HttpError(404, MESSAGES.dogNotFound);
      const at = now();
      const since = new Date(at.getTime() - RESPONSE_TIME_DAYS * DAY_MS);
      const { requests, median_seconds } = await repository.responseTime(dog.owner.id, since, at);
      return {
        requests,
        median_minutes:
          requests >= RESPONSE_TIME_MIN_REQUESTS && median_seconds !== null
            ? Math.round(median_seconds / 60)
            : null,
      };
    },
  };
}

export type AdoptionService = ReturnType<typeof createAdoptionService>;
