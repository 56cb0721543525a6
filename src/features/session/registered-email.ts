// The history entry's state that carries a just-registered e-mail from /registrarse to /entrar,
// so the login form starts filled without the address ever holding the e-mail.
declare module '@tanstack/history' {
  interface HistoryState {
    registeredEmail?: string;
  }
}

export {};
