package dev.authservice.adapter.out.persistence.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The clean-up's round: expired tokens and requests out of the window go, a batch at a time; the others stay. */
class ResetCleanUpTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    private static final Instant NOW = TestTime.now();

    @Test
    void aRoundForgetsExpiredTokensAndRequestsOutOfTheWindowBatchAfterBatch() {
        database.deleteAllRows();
        MailedTokenStore tokens = database.bean(MailedTokenStore.class);
        ResetRequestLog requests = database.bean(ResetRequestLog.class);
        ResetRequestLimit limit = ResetRequestLimit.defaults();
        for (int i = 0; i < 3; i++) {
            tokens.issue(token("expired-" + i, NOW.minus(Duration.ofHours(2))));
        }
        MailedToken live = token("live", NOW.minusSeconds(60));
        tokens.issue(live);
        ResetRequestKey key = ResetRequestKey.of(new Username("alice"), new ClientAddress("192.0.2.1"));
        ResetRequestLimit roomy = new ResetRequestLimit(10, 10, Duration.ofHours(1));
        for (int i = 0; i < 3; i++) {
            requests.tryRequest(key, NOW.minus(Duration.ofHours(2)), roomy);
        }
        requests.tryRequest(key, NOW.minusSeconds(60), roomy);

        ResetCleanUp cleanUp = new ResetCleanUp(tokens, requests, limit, 2, Clock.fixed(NOW, ZoneOffset.UTC));
        assertEquals(6, cleanUp.forgetOldBy(NOW));

        assertEquals(Optional.of(live), tokens.find(live.hash(), MailedToken.Purpose.PASSWORD_RESET));
        // Over a day two requests fit: the one left from before and this one, had the old ones gone.
        assertEquals(Optional.empty(), requests.tryRequest(key, NOW, new ResetRequestLimit(2, 2, Duration.ofDays(1))));
        assertEquals(0, cleanUp.forgetOldBy(NOW));
    }

    private static MailedToken token(String value, Instant issuedAt) {
        UserAccount user = UserAccountMother.aUser().build();
        database.bean(UserStore.class).add(user);
        return MailedToken.issue(MailedTokenHash.of(value), MailedToken.Purpose.PASSWORD_RESET, user.id(),
                TokenFingerprint.ofPassword(user.passwordHash()), issuedAt, ResetTokenPolicy.defaults().lifetime());
    }
}
