package dev.authservice.application.secondfactor.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.secondfactor.port.in.EnrolTotpUseCase.Command;
import dev.authservice.application.secondfactor.port.in.EnrolTotpUseCase.Result;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.UserAccount;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class EnrolTotpServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final Requester REQUESTER = Requester.user(ALICE.id(), null, null);
    private static final byte[] RFC_KEY = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

    @Mock private RandomSource random;

    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private EnrolTotpService service;

    @BeforeEach
    void setUp() {
        when(random.bytes(20)).thenAnswer(invocation -> RFC_KEY.clone());
        service = new EnrolTotpService(secondFactors, new PlainSecretSealer(), random, "auth-service",
                new StepUp(StepUpPolicy.defaults(), audit), audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void makesAPendingSecretAndShowsItOnce() {
        Result result = service.enrolTotp(new Command(ALICE.id(), NOW, ALICE.username(), REQUESTER));

        assertEquals(new Result.Enrolled("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
                "otpauth://totp/auth-service:" + ALICE.username().value()
                        + "?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=auth-service&algorithm=SHA1&digits=6"
                        + "&period=30"), result);
        assertEquals(Optional.of(TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", RFC_KEY), NOW)),
                secondFactors.totpOf(ALICE.id()));
        assertEquals(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_ENROLLED, NOW, REQUESTER).about(ALICE.id()),
                audit.only());
        assertEquals("Enrolled[****]", result.toString());
    }

    @Test
    void aConfirmedTotpStays() {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW);
        secondFactors.enrol(pending);
        TotpFactor.Confirmed confirmed = new TotpFactor.Confirmed(ALICE.id(), pending.secret(), NOW, NOW, 1,
                WrongCodes.NONE);
        secondFactors.confirm(pending, confirmed, List.of());

        assertEquals(new Result.AlreadyConfirmed(),
                service.enrolTotp(new Command(ALICE.id(), NOW, ALICE.username(), REQUESTER)));
        assertEquals(Optional.of(confirmed), secondFactors.totpOf(ALICE.id()));
    }
}
