// Who is calling: what the router's authentication hands a route's handler. The sessions plugin
// decorates the app with the service that finds it (`app.sessions.current`); the router only asks.

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: string;
}

export interface CurrentSession {
  user: SessionUser;
  tokenHash: string;
}
