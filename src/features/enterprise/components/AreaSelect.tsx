/**
 * 行政区划: province → city → area from /area/getProvinces and /area/getByCode (§4: a new province
 * clears city and area, a new city clears the area). A city without areas is its own area.
 */
import { Group, Input, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { areaFields } from '../../../../domain/enterprise/fields.ts';
import { enterpriseText } from '../../../../domain/texts/enterprise.ts';
import type { DivisionItem, EnterpriseApi } from '../api.ts';
import type { EnterpriseForm } from './FieldInput.tsx';

const options = (list: DivisionItem[]) => list.map((d) => ({ value: d.code, label: d.name }));

function useChildren(api: EnterpriseApi, parent: string | null | undefined, top = false): DivisionItem[] {
  const [list, setList] = useState<DivisionItem[]>([]);
  useEffect(() => {
    let live = true;
    if (!top && !parent) { setList([]); return undefined; }
    (top ? api.provinces() : api.children(parent!)).then((l) => { if (live) setList(l); }, () => { if (live) setList([]); });
    return () => { live = false; };
  }, [api, parent, top]);
  return list;
}

export function AreaSelect({ form, api, editing }: { form: EnterpriseForm; api: EnterpriseApi; editing: boolean }) {
  const values = form.getValues();
  const province = values[areaFields.province] as string | null;
  const city = values[areaFields.city] as string | null;
  const area = values[areaFields.area] as string | null;
  const provinces = useChildren(api, null, true);
  const cities = useChildren(api, province);
  const areas = useChildren(api, city);
  const cityIsArea = city !== null && cities.find((c) => c.code === city)?.leaf === true;
  const error = form.errors[areaFields.area] as string | undefined;

  const choose = (level: 'province' | 'city' | 'area', code: string | null) => {
    if (level === 'province') {
      form.setValues({ [areaFields.province]: code, [areaFields.city]: null, [areaFields.area]: null });
    } else if (level === 'city') {
      const leaf = cities.find((c) => c.code === code)?.leaf === true;
      form.setValues({ [areaFields.city]: code, [areaFields.area]: leaf ? code : null });
    } else {
      form.setFieldValue(areaFields.area, code);
    }
    if (level === 'area' || code === null) form.validateField(areaFields.area);
  };

  return (
    <Input.Wrapper label={areaFields.label} withAsterisk={editing} error={error}>
      <Group grow gap="xs" mt={4}>
        <Select aria-label={enterpriseText.province} placeholder={enterpriseText.province} searchable disabled={!editing}
          data={options(provinces)} value={province} onChange={(v) => choose('province', v)} />
        <Select aria-label={enterpriseText.city} placeholder={enterpriseText.city} searchable disabled={!editing || !province}
          data={options(cities)} value={city} onChange={(v) => choose('city', v)} />
        <Select aria-label={enterpriseText.area} placeholder={enterpriseText.area} searchable disabled={!editing || !city || cityIsArea}
          data={cityIsArea ? options(cities.filter((c) => c.code === city)) : options(areas)} value={area} onChange={(v) => choose('area', v)}
          error={error ? true : undefined} />
      </Group>
    </Input.Wrapper>
  );
}
