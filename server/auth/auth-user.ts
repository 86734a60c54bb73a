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
}
