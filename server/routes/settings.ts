/**
 * Parameter settings and common functions (accounts-and-enterprise.md §7, prefix /api/enterprise):
 * /company/querySettingList, /company/saveSetting (main account; the /parametersSetting save
 * button), /user/function/findAll, findUserFunctions and saveFunctions (every user, §6).
 */
import type { FastifyInstance } from 'fastify';
import { MAX_USER_FUNCTIONS } from '../../domain/content/functions.ts';
import { functionsText, settingsText } from '../../domain/texts/settings.ts';
import { defineRoute } from '../http/route.ts';
import { findAllFunctions, findUserFunctions, saveFunctions, type FunctionChoice } from '../settings/functions.ts';
import { listSettings, saveSetting, type SettingInput } from '../settings/settings.ts';

const tags = ['参数与常用功能'];
const scalar = (title: string, maxLength: number) => ({ anyOf: [{ type: 'string', maxLength }, { type: 'number' }, { type: 'null' }], title });

export default async function settingsRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/company/querySettingList', permission: { uri: '/parametersSetting' }, summary: '本企业参数列表 (type, code, value)', tags, dataOptional: true,
    handler: ({ user }) => listSettings(db, user),
  });

  defineRoute<SettingInput>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/company/saveSetting', summary: '保存参数 (无 id 新增，有 id 修改；仅主账号)', tags,
    permission: { uri: '/parametersSetting', code: 'save' }, message: settingsText.saved,
    data: {
      type: 'object',
      properties: {
        id: { anyOf: [{ type: 'integer', minimum: 1, maximum: 2_147_483_647 }, { type: 'string', maxLength: 12 }, { type: 'null' }], title: '编号' },
        companyCode: { anyOf: [{ type: 'string', maxLength: 20 }, { type: 'null' }], title: settingsText.companyCode },
        type: scalar(settingsText.type, 1000), code: scalar(settingsText.code, 1000), value: scalar(settingsText.value, 5000),
      },
    },
    handler: ({ user, data }) => saveSetting(db, user, data ?? {}),
  });

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/function/findAll', permission: 'session', summary: '可选的常用功能 (type common/billExport/import, checked)', tags, dataOptional: true,
    handler: ({ user }) => findAllFunctions(db, user),
  });

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/function/findUserFunctions', permission: 'session', summary: '当前用户的常用功能 (首页宫格，按选择顺序)', tags, dataOptional: true,
    handler: ({ user }) => findUserFunctions(db, user),
  });

  defineRoute<FunctionChoice[]>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/user/function/saveFunctions', summary: '保存常用功能 ([{type, moduleId}]，整体替换)', tags,
    permission: { uri: '/commonFun', code: 'save' }, message: functionsText.saved,
    data: {
      type: 'array', title: '常用功能', maxItems: MAX_USER_FUNCTIONS * 4,
      items: { type: 'object', properties: { type: { type: 'string', maxLength: 20 }, moduleId: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 12 }] } } },
    },
    handler: ({ user, data }) => saveFunctions(db, user, data),
  });
}
