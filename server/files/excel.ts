/** exceljs, loaded on the first export or import rather than at server start (it is large). */
export const loadExcel = async () => (await import('exceljs')).default;
