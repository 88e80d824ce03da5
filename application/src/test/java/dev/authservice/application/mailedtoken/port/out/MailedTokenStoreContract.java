package dev.authservice.application.mailedtoken.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken.Purpose;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.Redemption;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link MailedTokenStore} promises. An implementation's test hands out an empty store whose users
 * {@link #aUser()} makes.
 */
public abstract class MailedTokenStoreContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final TokenFingerprint ADDRESS = TokenFingerprint.ofAddress(new EmailAddress("a@example.com"));
    private static final TokenFingerprint FINGERPRINT = TokenFingerprint.ofPassword(new PasswordHash("hash"));

    private MailedTokenStore store;

    protected abstract MailedTokenStore emptyMailedTokenStore();

    /** A user the store may hold tokens of: one that exists where the store needs it to. */
    protected abstract UserId aUser();

    @BeforeEach
    void startEmpty() {
        store = emptyMailedTokenStore();
    }

    @Test
    void anIssuedTokenIsFoundByItsHashAsIssued() {
        MailedToken token = token(aUser(), "one", NOW);
        store.issue(token);
        assertEquals(Optional.of(token), store.find(token.hash(), Purpose.PASSWORD_RESET));
        assertEquals(Optional.empty(), store.find(MailedTokenHash.of("other"), Purpose.PASSWORD_RESET));
    }

    @Test
    void aNewerTokenSupersedesTheLiveOneOfTheSameUserOnly() {
        UserId alice = aUser();
        UserId bob = aUser();
        MailedToken first = token(alice, "first", NOW);
        MailedToken ofBob = token(bob, "bob", NOW);
        store.issue(first);
        store.issue(ofBob);
        MailedToken second = token(alice, "second", NOW.plusSeconds(1));
        store.issue(second);
        assertEquals(MailedToken.State.SUPERSEDED, store.find(first.hash(), first.purpose()).orElseThrow().state());
        assertEquals(MailedToken.State.LIVE, store.find(second.hash(), second.purpose()).orElseThrow().state());
        assertEquals(MailedToken.State.LIVE, store.find(ofBob.hash(), ofBob.purpose()).orElseThrow().state());
    }

    @Test
    void aTokenIsUsedOnce() {
        MailedToken token = token(aUser(), "one", NOW);
        store.issue(token);
        MailedToken used = used(token);
        assertTrue(store.use(used));
        assertEquals(Optional.of(used), store.find(token.hash(), Purpose.PASSWORD_RESET));
        assertFalse(store.use(used));
    }

    @Test
    void aSupersededTokenIsNotUsed() {
        UserId user = aUser();
        MailedToken first = token(user, "first", NOW);
        store.issue(first);
        store.issue(token(user, "second", NOW.plusSeconds(1)));
        assertFalse(store.use(used(first)));
        assertEquals(MailedToken.State.SUPERSEDED, store.find(first.hash(), first.purpose()).orElseThrow().state());
    }

    @Test
    void ofUsesAtOnceOneWrites() throws Exception {
        MailedToken token = token(aUser(), "raced", NOW);
        store.issue(token);
        List<Callable<Boolean>> uses = IntStream.range(0, 8)
                .<Callable<Boolean>>mapToObj(i -> () -> store.use(used(token))).toList();
        assertEquals(1, AtTheSameTime.run(uses).stream().filter(Boolean::booleanValue).count());
    }

    @Test
    void ofIssuesAtOnceForOneUserOneStaysLive() throws Exception {
        UserId user = aUser();
        List<MailedToken> issued = IntStream.range(0, 8).mapToObj(i -> token(user, "raced-" + i, NOW)).toList();
        AtTheSameTime.run(issued.stream().<Callable<Boolean>>map(token -> () -> {
            store.issue(token);
            return true;
        }).toList());
        assertEquals(1, issued.stream()
                .map(token -> store.find(token.hash(), Purpose.PASSWORD_RESET).orElseThrow().state())
                .filter(MailedToken.State.LIVE::equals).count());
    }

    @Test
    void expiredTokensAreForgottenInBatches() {
        UserId user = aUser();
        MailedToken old = token(user, "old", NOW.minus(Duration.ofHours(2)));
        MailedToken older = token(aUser(), "older", NOW.minus(Duration.ofHours(3)));
        MailedToken live = token(aUser(), "live", NOW);
        store.issue(old);
        store.issue(older);
        store.issue(live);
        assertEquals(1, store.forgetExpiredBy(NOW, 1));
        assertEquals(1, store.forgetExpiredBy(NOW, 10));
        assertEquals(0, store.forgetExpiredBy(NOW, 10));
        assertEquals(Optional.empty(), store.find(old.hash(), old.purpose()));
        assertEquals(Optional.of(live), store.find(live.hash(), live.purpose()));
    }

    @Test
    void aTokenIsFoundForItsOwnPurposeOnly() {
        MailedToken reset = token(aUser(), "reset", NOW);
        MailedToken verification = verification(aUser(), "verification", NOW);
        store.issue(reset);
        store.issue(verification);
        assertEquals(Optional.of(verification), store.find(verification.hash(), Purpose.EMAIL_VERIFICATION));
        assertEquals(Optional.empty(), store.find(verification.hash(), Purpose.PASSWORD_RESET));
        assertEquals(Optional.empty(), store.find(reset.hash(), Purpose.EMAIL_VERIFICATION));
    }

    @Test
    void aNewerTokenSupersedesTheLiveOneOfTheSamePurposeOnly() {
        UserId user = aUser();
        MailedToken reset = token(user, "reset", NOW);
        MailedToken firstVerification = verification(user, "first", NOW);
        store.issue(reset);
        store.issue(firstVerification);
        MailedToken secondVerification = verification(user, "second", NOW.plusSeconds(1));
        store.issue(secondVerification);
        assertEquals(MailedToken.State.LIVE, store.find(reset.hash(), reset.purpose()).orElseThrow().state());
        assertEquals(MailedToken.State.SUPERSEDED,
                store.find(firstVerification.hash(), firstVerification.purpose()).orElseThrow().state());
        assertEquals(MailedToken.State.LIVE,
                store.find(secondVerification.hash(), secondVerification.purpose()).orElseThrow().state());
    }

    @Test
    void ofVerificationsAtOnceOneWrites() throws Exception {
        MailedToken token = verification(aUser(), "raced", NOW);
        store.issue(token);
        List<Callable<Boolean>> uses = IntStream.range(0, 8)
                .<Callable<Boolean>>mapToObj(i -> () -> store.use(used(token))).toList();
        assertEquals(1, AtTheSameTime.run(uses).stream().filter(Boolean::booleanValue).count());
    }

    protected static UserId randomUserId() {
        return new UserId(UUID.randomUUID());
    }

    private static MailedToken token(UserId user, String value, Instant issuedAt) {
        return MailedToken.issue(MailedTokenHash.of(value), Purpose.PASSWORD_RESET, user, FINGERPRINT, issuedAt,
                Duration.ofMinutes(30));
    }

    private static MailedToken verification(UserId user, String value, Instant issuedAt) {
        return MailedToken.issue(MailedTokenHash.of(value), Purpose.EMAIL_VERIFICATION, user, ADDRESS, issuedAt,
                Duration.ofHours(24));
    }

    private static MailedToken used(MailedToken token) {
        return token.redeem(token.issuedAt(), token.issuedUnder()).match(Redemption.Accepted::used, refused -> {
            throw new AssertionError(refused);
        });
    }
}
