/**
 * Enterprise attachments (accounts-and-enterprise.md §2 attachment dialog, §5 uploads): a file type
 * and one jpeg or png image of at most 500 KB (512000 bytes). The file types are ours
 * (docs/decisions/account-side-enterprise-filing.md): the documents a customs filing usually asks for.
 */
export const ATTACHMENT_MAX_BYTES = 512_000;
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png'] as const;
export const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

export const attachmentFileTypes = [
  { value: '01', label: '营业执照' },
  { value: '02', label: '组织机构代码证' },
  { value: '03', label: '税务登记证' },
  { value: '04', label: '法定代表人身份证件' },
  { value: '05', label: '海关报关单位注册登记证书' },
  { value: '06', label: '对外贸易经营者备案登记表' },
  { value: '99', label: '其他' },
] as const;

export function attachmentTypeName(code: string): string | undefined {
  return attachmentFileTypes.find((t) => t.value === code)?.label;
}

/** The image kind the first bytes show (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A), or undefined. */
export function imageKindOf(bytes: Uint8Array): 'image/jpeg' | 'image/png' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return undefined;
}
