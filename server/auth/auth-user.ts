/** The caller of an authenticated route, read from the access token's claims. */
export interface AuthUser {
  userId: number;
  companyId: number;
  /** 海关注册编码; null until the enterprise is filed. */
  companyCode: string | null;
  companyName: string;
  userType: 'ADMIN' | 'USER';
  loginName: string;
  userName: string;
  /**
   * Set when the caller is an API key (X-Api-Key, issue 17): the key is the principal. userId is then
   * the main account that made the key (rows that name a user, such as bill jobs, name that one),
   * userType is 'USER' and the key acts within its own grants.
   */
  apiKey?: { id: number; name: string };
}

/** Who did it, for the operation log and the access log: a person or an API key. */
export interface Actor {
  kind: 'user' | 'apiKey';
  /** the login name, or 'apikey:<id>' */
  account: string;
  /** the person's name, or the key's name */
  name: string;
  userId: number;
  apiKeyId: number | null;
}

export function actorOf(user: AuthUser): Actor {
  if (user.apiKey) return { kind: 'apiKey', account: `apikey:${user.apiKey.id}`, name: user.apiKey.name, userId: user.userId, apiKeyId: user.apiKey.id };
  return { kind: 'user', account: user.loginName, name: user.userName || user.loginName, userId: user.userId, apiKeyId: null };
}
