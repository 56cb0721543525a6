// In-memory stand-in for the API's database, shared by the MSW handlers of the web tests and of
// `npm run dev:mock`. Dogs are stored without `user`; the handlers add it for logged-in callers.
import type { Dog } from '@/shared/dog';
import type { User } from '@/shared/user';

// A stored account; answers add `logged` through toApiUser.
export type MockUser = Omit<User, 'logged'> & { password: string };
export type StoredDog = Omit<Dog, 'user'>;

export type MockSeed = {
  users?: MockUser[];
  dogs?: StoredDog[];
  /** Starts with a session for this user (as if its cookie were valid). */
  loggedInAs?: MockUser | null;
};

export type MockSnapshot = {
  users: MockUser[];
  dogs: StoredDog[];
  sessionUserId: number | null;
};

export class MockDb {
  users: MockUser[] = [];
  dogs: StoredDog[] = [];
  sessionUserId: number | null = null;

  constructor(seed: MockSeed = {}) {
    this.reset(seed);
  }

  reset({ users = [], dogs = [], loggedInAs = null }: MockSeed = {}) {
    this.users = [...users];
    if (loggedInAs && !this.users.some((u) => u.id === loggedInAs.id)) this.users.push(loggedInAs);
    this.dogs = dogs.map((dog) => ({ ...dog }));
    this.sessionUserId = loggedInAs?.id ?? null;
  }

  get sessionUser(): MockUser | undefined {
    return this.users.find((u) => u.id === this.sessionUserId);
  }

  nextUserId(): number {
    return Math.max(0, ...this.users.map((u) => u.id)) + 1;
  }

  nextDogId(): number {
    return Math.max(0, ...this.dogs.map((d) => d.id)) + 1;
  }

  /** The dog as the API sends it: with the owner's contact only for a logged-in requester. */
  present(dog: StoredDog): Dog {
    const owner = this.users.find((u) => u.id === dog.hostage_id);
    return this.sessionUser && owner ? { ...dog, user: { name: owner.name, email: owner.email } } : { ...dog };
  }

  snapshot(): MockSnapshot {
    return { users: this.users, dogs: this.dogs, sessionUserId: this.sessionUserId };
  }

  restore(snapshot: MockSnapshot) {
    this.users = snapshot.users;
    this.dogs = snapshot.dogs;
    this.sessionUserId = snapshot.sessionUserId;
  }
}
