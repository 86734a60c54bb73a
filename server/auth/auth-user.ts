/** The caller of an enterprise route ('user', 'company'), read from the access token's claims. */
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

/**
 * A platform operator (审核端, issue 20): a PLATFORM user, of no enterprise (users.company_id is null),
 * the caller of the 'operator' routes. A call with X-Review-Token acts as the synthetic operator
 * REVIEW_TOKEN_OPERATOR (userId 0: no user row).
 */
export interface OperatorUser {
  userId: number;
  companyId: null;
  companyCode: null;
  companyName: '';
  userType: 'PLATFORM';
  loginName: string;
  userName: string;
  apiKey?: undefined;
}

/** Whoever an access token names: an enterprise user or a platform operator. */
export type Principal = AuthUser | OperatorUser;

export const isOperator = (p: Principal): p is OperatorUser => p.userType === 'PLATFORM';

/** The operator a scripted X-Review-Token call acts as. */
export const REVIEW_TOKEN_OPERATOR: OperatorUser = {
  userId: 0, companyId: null, companyCode: null, companyName: '', userType: 'PLATFORM', loginName: 'review-token', userName: 'review-token',
};

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

export function actorOf(user: Principal): Actor {
  if (user.apiKey) return { kind: 'apiKey', account: `apikey:${user.apiKey.id}`, name: user.apiKey.name, userId: user.userId, apiKeyId: user.apiKey.id };
  return { kind: 'user', account: user.loginName, name: user.userName || user.loginName, userId: user.userId, apiKeyId: null };
}
