// "Me interesa": a logged-in visitor asks about a dog, its owner answers or dismisses the request;
// each side is told by e-mail. Each e-mail is a job stored in the same transaction as the change
// that causes it (mail/queue.ts delivers and retries it).
import { MESSAGES } from '../../shared/api';
import {
  INTEREST_MESSAGES,
  type Interest,
  type InterestAnswer,
  type InterestBox,
  type InterestInput,
} from '../../shared/interest';
import { MY_DOGS_PATH } from '../../shared/site';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';
import type { MailQueue } from '../mail/queue';
import { interestReceivedMail, interestStateMail } from '../mail/messages';
import { createAdoptionRepository } from './repository';

export interface AdoptionServiceDeps {
  db: Db;
  mail: MailQueue;
  /** The site's address for links in e-mails (config.publicUrl). */
  publicUrl: string;
  /** The address people write to (config.site.email), named in every e-mail. */
  contact: string;
  now: () => Date;
}

export function createAdoptionService({ db, mail, publicUrl, contact, now }: AdoptionServiceDeps) {
  const repository = createAdoptionRepository(db);

  return {
    /**
     * A request about a dog anyone may see (404 otherwise: the owner of a hidden or deleted
     * listing gets nothing), by someone other than its owner (403), that is not adopted (409),
     * when the sender has no open request about it yet (409).
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
      return db.transaction(async (tx) => {
        const interest = await createAdoptionRepository(tx).insert(dogId, sender.id, input, now());
        // Thrown, so the transaction rolls back (after a failed insert PostgreSQL refuses more).
        if (interest === 'gone') throw new HttpError(404, MESSAGES.dogNotFound);
        if (interest === 'open') throw new HttpError(409, INTEREST_MESSAGES.alreadyOpen);
        await mail.enqueue(
          tx,
          'interest-received',
          interestReceivedMail(
            dog.owner,
            { senderName: sender.name, dogName: dog.name, message: interest.message },
            `${publicUrl}${MY_DOGS_PATH}`,
            contact,
          ),
        );
        return interest;
      });
    },

    list(userId: number, box: InterestBox): Promise<Interest[]> {
      return box === 'received' ? repository.received(userId) : repository.sent(userId);
    },

    /**
     * The owner marks a request about one of their dogs as answered or dismissed (404: no such
     * request; 403: not their dog). The sender is told the first time it reaches each state.
     */
    async answer(interestId: number, ownerId: number, state: InterestAnswer): Promise<Interest> {
      const result = await db.transaction(async (tx) => {
        const answered = await createAdoptionRepository(tx).answer(
          interestId,
          ownerId,
          state,
          now(),
        );
        if (answered?.notify) {
          const { interest } = answered;
          await mail.enqueue(
            tx,
            `interest-${state}`,
            interestStateMail(
              interest.sender,
              { dogName: interest.dog.name, state },
              `${publicUrl}/perros/${interest.dog.id}`,
              contact,
            ),
          );
        }
        return answered;
      });
      if (!result) {
        const owner = await repository.ownerOf(interestId);
        if (owner === undefined) throw new HttpError(404, INTEREST_MESSAGES.notFound);
        throw new HttpError(403, INTEREST_MESSAGES.notDogOwner);
      }
      return result.interest;
    },
  };
}

export type AdoptionService = ReturnType<typeof createAdoptionService>;
