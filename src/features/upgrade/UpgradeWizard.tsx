/**
 * The system-upgrade notice and wizard (§2 Home, Upgrade wizard; machines/upgrade.ts): a modal on
 * the home page when /agreement/queryInfo says promotion is needed. Notice → agreement (已阅读 after
 * the 5-second countdown) → resource-centre account → finish with the sample image and the login
 * link; 上一步 goes back. Closed, it leaves a 系统升级 button to open it again.
 */
import { Affix, Anchor, Button, Group, Image, Modal, PasswordInput, ScrollArea, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { upgradeStepIndex } from '../../../domain/content/upgrade.ts';
import { upgradeText as t } from '../../../domain/texts/upgrade.ts';
import type { Http } from '../../lib/http.ts';
import { createUpgradeApi } from './api.ts';
import { useUpgradeActor } from './use-upgrade-actor.ts';

export default function UpgradeWizard({ client }: { client?: Http }) {
  const [api] = useState(() => createUpgradeApi(client));
  const actor = useUpgradeActor(api);
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const reading = useSelector(actor, (s) => s.matches({ agreement: 'reading' }));
  const closed = useSelector(actor, (s) => s.matches('closed'));
  const { step, countdown, info, errors, created } = useSelector(actor, (s) => s.context);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');

  // the countdown: one tick a second while the agreement is being read
  useEffect(() => {
    if (!reading) return undefined;
    const timer = setInterval(() => actor.send({ type: 'timer.tick' }), 1000);
    return () => clearInterval(timer);
  }, [reading, actor]);

  const close = () => { if (!busy) actor.send({ type: 'user.close' }); };
  const back = <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'user.back' })}>{t.back}</Button>;

  return (
    <>
      {closed && info?.needPromotion && (
        <Affix position={{ bottom: 24, right: 24 }}>
          <Button color="orange" onClick={() => actor.send({ type: 'user.open' })}>{t.reopen}</Button>
        </Affix>
      )}
      <Modal opened={open} onClose={close} title={t.modalTitle} size={760} centered closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t.close }}>
        {step !== 'notice' && (
          <Stepper active={upgradeStepIndex(step)} size="sm" mb="lg" allowNextStepsSelect={false} aria-label="升级步骤">
            {t.steps.map((label) => <Stepper.Step key={label} label={label} />)}
          </Stepper>
        )}
        {step === 'notice' && (
          <Stack gap="sm">
            <Title order={4} ta="center">{t.noticeTitle}</Title>
            {t.noticeParagraphs.map((p) => <Text key={p} size="sm" style={{ textIndent: p.endsWith('：') ? 0 : '2em' }}>{p}</Text>)}
            <Text size="sm" ta="right">{t.noticeSigner}</Text>
            <Text size="sm" ta="right">{t.noticeDate}</Text>
            <Group justify="flex-end" mt="md">
              <Button variant="default" disabled={busy} onClick={close}>{t.later}</Button>
              <Button loading={busy} onClick={() => actor.send({ type: 'user.next' })}>{t.start}</Button>
            </Group>
          </Stack>
        )}
        {step === 'agreement' && (
          <Stack gap="sm">
            <Title order={5} ta="center">《{t.agreementTitle}》</Title>
            <ScrollArea h={260} type="auto" offsetScrollbars>
              <Stack gap="xs">{t.agreementParagraphs.map((p) => <Text key={p} size="sm">{p}</Text>)}</Stack>
            </ScrollArea>
            <Group justify="flex-end" mt="md">
              {back}
              <Button disabled={reading} loading={busy} onClick={() => actor.send({ type: 'user.read' })}>
                {reading ? t.readIn(countdown) : t.read}
              </Button>
            </Group>
          </Stack>
        )}
        {step === 'account' && (
          <form noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'user.create', password, again }); }}>
            <Stack gap="sm" maw={440} mx="auto">
              <TextInput label={t.companyName} value={info?.companyName ?? ''} readOnly />
              <TextInput label={t.account} description={t.bizRegNo} value={info?.bizRegNo ?? ''} readOnly />
              <PasswordInput label={t.password} description={t.passwordHint} withAsterisk autoComplete="new-password"
                value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
              <PasswordInput label={t.againPassword} withAsterisk autoComplete="new-password"
                value={again} onChange={(e) => setAgain(e.currentTarget.value)} error={errors.again} />
              <Group justify="flex-end" mt="md">
                {back}
                <Button type="submit" loading={busy}>{t.create}</Button>
              </Group>
            </Stack>
          </form>
        )}
        {step === 'finished' && created && (
          <Stack gap="sm" align="center">
            <Title order={4} c="teal">{t.finishedTitle}</Title>
            <Text size="sm">{t.finishedText(created.account)}</Text>
            <Image src={created.displayUri} alt={t.sampleAlt} maw={560} radius="sm" />
            <Group mt="md">
              <Anchor href={created.loginUrl} target="_blank" rel="noopener noreferrer">{t.loginLink}</Anchor>
              <Button variant="default" onClick={close}>{t.close}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
