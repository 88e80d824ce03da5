package dev.authservice.application.federation.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;

import java.util.Set;
import dev.authservice.domain.user.Username;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.federation.SecondFactorTrust;
import dev.authservice.domain.federation.ProviderClaims;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Refusal;
import dev.authservice.application.federation.port.in.StartAuthorizationUseCase;
import dev.authservice.application.federation.port.in.UnlinkIdentityUseCase;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.federation.port.out.IdentityProviders;
import dev.authservice.application.fixtures.InMemoryIdentityLinkStore;
import dev.authservice.application.fixtures.InMemoryPendingAuthorizationStore;
import dev.authservice.application.fixtures.InMemoryPendingLoginStore;
import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.ScriptedIdentityProviders;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.login.service.PendingLoginTickets;
import dev.authservice.application.login.service.SessionStart;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.federation.AuthorizationPolicy;
import dev.authservice.domain.federation.AuthorizationStateHash;
import dev.authservice.domain.federation.BrowserBinding;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.federation.PendingAuthorization;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.login.FirstFactor;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.UserAccount;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.Mockito;
import org.mockito.junit.jupiter.MockitoExtension;

/**
 * Sign-ins, links and unlinks against the in-memory stores and a scripted provider; the token codec is a mock whose
 * argument shows the amr a session's access token says.
 */
@ExtendWith(MockitoExtension.class)
class ExternalAuthorizationServiceTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final TokenPolicy POLICY = new TokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30),
            "auth-service", Duration.ofSeconds(30), Duration.ofDays(90), Duration.ZERO);
    private static final UserAccount ALICE = UserAccountMother.aUser().withId(UserAccountMother.ALICE_ID)
            .named("alice").withEmail(Notices.ADDRESS.value(), true).build();
    private static final UserAccount BOB = UserAccountMother.aUser().withId(UserAccountMother.BOB_ID).named("bob")
            .build();
    private static final ExternalIdentity AT_THE_PROVIDER = new ExternalIdentity("https://idp.example/realms/a",
            "f81d4fae");

    @Mock private AccessTokenCodec codec;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final InMemoryIdentityLinkStore links = new InMemoryIdentityLinkStore();
    private final InMemoryPendingAuthorizationStore pending = new InMemoryPendingAuthorizationStore();
    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final InMemoryPendingLoginStore pendingLogins = new InMemoryPendingLoginStore();
    private final ScriptedIdentityProviders providers = new ScriptedIdentityProviders();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Notices notices = new Notices();
    private final RandomSource random = new Counting();
    private final StepUp stepUp = new StepUp(StepUpPolicy.defaults(), audit);

    private StartAuthorizationService start;
    private CompleteAuthorizationService complete;
    private UnlinkIdentityService unlink;

    @BeforeEach
    void setUp() {
        users.add(ALICE);
        users.add(BOB);
        lenient().when(codec.encode(any())).thenReturn("signed-access-token");
        SessionStart sessionStart = new SessionStart(users, sessions,
                new TokenIssuer(codec, random, SessionMother.SUCCESSORS, POLICY), POLICY, random, audit);
        start = new StartAuthorizationService(providers, pending, stepUp, random, AuthorizationPolicy.defaults(),
                OpenPerAddressLimit.defaults(), CLOCK);
        complete = new CompleteAuthorizationService(providers, pending,
                new ExternalSignIn(links, users,
                        new SecondFactorCheck(secondFactors, new PlainSecretSealer(), new StepNumberTotpCodes()),
                        new PendingLoginTickets(pendingLogins, SecondFactorPolicy.defaults(), Optional.empty(), random),
                        sessionStart, new ExternalSignUp(users, links, username -> Optional.empty(), random, audit),
                        audit),
                new IdentityLinking(links, users, notices.changes(users, sessions), random, audit), audit, CLOCK);
        unlink = new UnlinkIdentityService(users, links, notices.changes(users, sessions), stepUp, audit, CLOCK);
    }

    private StartAuthorizationUseCase.Result.Started startSignIn() {
        return (StartAuthorizationUseCase.Result.Started) start.startAuthorization(new StartAuthorizationUseCase
                .Command(ScriptedIdentityProviders.NAME, Optional.empty(), RequesterMother.ANONYMOUS));
    }

    private CompleteAuthorizationUseCase.Result callback(String state, String browser) {
        return complete.completeAuthorization(new CompleteAuthorizationUseCase.Command(
                ScriptedIdentityProviders.NAME, state, Optional.of("code"), Optional.empty(), Optional.empty(),
                Optional.of(browser), RequesterMother.ANONYMOUS));
    }

    /** A sign-in started and brought back by its browser. */
    private CompleteAuthorizationUseCase.Result signIn() {
        StartAuthorizationUseCase.Result.Started started = startSignIn();
        return callback(lastState(), started.browserBinding());
    }

    private String lastState() {
        return providers.requests.get(providers.requests.size() - 1).state();
    }

    private static IdentityProviders.Exchange.Verified vouchedFor(ExternalIdentity identity, ProviderClaims claims) {
        return new IdentityProviders.Exchange.Verified(identity, claims);
    }

    private void confirmTotpOfAlice() {
        TotpFactor.Pending totp = TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW);
        secondFactors.enrol(totp);
        secondFactors.confirm(totp, new TotpFactor.Confirmed(ALICE.id(), totp.secret(), NOW, NOW, 1,
                WrongCodes.NONE), List.of(new RecoveryCode("ABCDE23456").hash()));
    }

    /** @param email verified by the provider; null for none */
    private static ProviderClaims claims(String preferredUsername, String name, String email, List<String> amr) {
        return new ProviderClaims(Optional.of(preferredUsername), Optional.of(name),
                Optional.ofNullable(email).map(EmailAddress::new), Optional.empty(), amr);
    }

    private void linkedToAlice() {
        links.add(new IdentityLink(new IdentityLinkId(UUID.randomUUID()), ALICE.id(), ScriptedIdentityProviders.NAME,
                AT_THE_PROVIDER, NOW.minusSeconds(60)));
    }

    @Test
    void aStartKeepsOnlyTheHashesOfTheStateAndTheBrowsersCookie() {
        StartAuthorizationUseCase.Result.Started started = startSignIn();

        PendingAuthorization.Open open = (PendingAuthorization.Open) pending
                .find(AuthorizationStateHash.of(lastState())).orElseThrow();
        assertTrue(open.browser().matches(BrowserBinding.of(started.browserBinding())));
        assertEquals(providers.requests.get(0).nonce(), open.nonce());
        assertEquals(providers.requests.get(0).codeVerifier(), open.codeVerifier());
        assertEquals(NOW.plus(AuthorizationPolicy.DEFAULT_LIFETIME), open.expiresAt());
    }

    @Test
    void anUnknownProviderOrOneThatIsDownStartsNothing() {
        assertInstanceOf(StartAuthorizationUseCase.Result.UnknownProvider.class, start.startAuthorization(
                new StartAuthorizationUseCase.Command(new ProviderName("other"),
                        Optional.empty(), RequesterMother.ANONYMOUS)));
        providers.down = true;
        assertInstanceOf(StartAuthorizationUseCase.Result.ProviderUnavailable.class, start.startAuthorization(
                new StartAuthorizationUseCase.Command(ScriptedIdentityProviders.NAME, Optional.empty(),
                        RequesterMother.ANONYMOUS)));
        assertEquals(0, pending.forgetExpiredBy(NOW.plus(Duration.ofDays(1)), 10));
    }

    @Test
    void aClientHoldingAsManyOpenAsItMayWaitsForTheFirstToExpireAndNothingIsKept() {
        StartAuthorizationService limited = new StartAuthorizationService(providers, pending, stepUp, random,
                AuthorizationPolicy.defaults(), new OpenPerAddressLimit(2), CLOCK);
        StartAuthorizationUseCase.Command fromOneClient = new StartAuthorizationUseCase.Command(
                ScriptedIdentityProviders.NAME, Optional.empty(), RequesterMother.ANONYMOUS);
        assertInstanceOf(StartAuthorizationUseCase.Result.Started.class, limited.startAuthorization(fromOneClient));
        assertInstanceOf(StartAuthorizationUseCase.Result.Started.class, limited.startAuthorization(fromOneClient));

        assertEquals(new StartAuthorizationUseCase.Result.Throttled(AuthorizationPolicy.DEFAULT_LIFETIME),
                limited.startAuthorization(fromOneClient));
        assertEquals(Optional.empty(), pending.find(AuthorizationStateHash.of(lastState())));

        assertInstanceOf(StartAuthorizationUseCase.Result.Started.class, limited.startAuthorization(
                new StartAuthorizationUseCase.Command(ScriptedIdentityProviders.NAME, Optional.empty(),
                        Requester.anonymous(new ClientAddress("198.51.100.1"), RequesterMother.USER_AGENT))));
        assertEquals(3, pending.forgetExpiredBy(NOW.plus(Duration.ofDays(1)), 10));
    }

    @Test
    void aLinkedIdentitySignsIntoItsAccountWithTheFedMethod() {
        linkedToAlice();
        providers.next = vouchedFor(AT_THE_PROVIDER, ProviderClaims.NONE);
        StartAuthorizationUseCase.Result.Started started = startSignIn();

        CompleteAuthorizationUseCase.Result result = callback(lastState(), started.browserBinding());

        assertInstanceOf(CompleteAuthorizationUseCase.Result.SignedIn.class, result);
        ArgumentCaptor<AccessToken> issued = ArgumentCaptor.forClass(AccessToken.class);
        Mockito.verify(codec).encode(issued.capture());
        assertEquals(AuthenticationMethods.EXTERNAL_PROVIDER, issued.getValue().methods());
        assertEquals(ALICE.id(), issued.getValue().userId());
        assertEquals(List.of(SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED, SecurityEventType.LOGIN_SUCCEEDED),
                audit.types());
    }

    /** The provider's identity is not alice's, though it may carry her verified address: no account is signed into. */
    @Test
    void anUnlinkedIdentitySignsIntoNothing() {
        providers.next = vouchedFor(new ExternalIdentity("https://idp.example/realms/a", "someone-else"),
                ProviderClaims.NONE);
        linkedToAlice();
        StartAuthorizationUseCase.Result.Started started = startSignIn();

        assertEquals(new CompleteAuthorizationUseCase.Result.Refused(Refusal.NOT_LINKED),
                callback(lastState(), started.browserBinding()));
        assertEquals(AuditOutcome.NOT_LINKED, audit.events().get(audit.events().size() - 1).outcome().orElseThrow());
        Mockito.verifyNoInteractions(codec);
    }

    @Test
    void aStateIsUsedOnceAndItsReplayNeverReachesTheProvider() {
        linkedToAlice();
        providers.next = vouchedFor(AT_THE_PROVIDER, ProviderClaims.NONE);
        StartAuthorizationUseCase.Result.Started started = startSignIn();
        callback(lastState(), started.browserBinding());

        assertEquals(new CompleteAuthorizationUseCase.Result.Refused(Refusal.INVALID_STATE),
                callback(lastState(), started.browserBinding()));
        assertEquals(1, providers.exchanged.size());
    }

    @Test
    void anotherBrowserAnUnknownStateAndAProviderRefusalSignInNothing() {
        linkedToAlice();
        providers.next = vouchedFor(AT_THE_PROVIDER, ProviderClaims.NONE);
        StartAuthorizationUseCase.Result.Started started = startSignIn();
        assertEquals(new CompleteAuthorizationUseCase.Result.Refused(Refusal.INVALID_STATE),
                callback(lastState(), "the attacker's cookie"));
        assertEquals(new CompleteAuthorizationUseCase.Result.Refused(Refusal.INVALID_STATE),
                callback("a state nobody was given", started.browserBinding()));
        providers.next = new IdentityProviders.Exchange.Refused("aud");
        assertEquals(new CompleteAuthorizationUseCase.Result.Refused(Refusal.PROVIDER_REFUSED),
                callback(lastState(), started.browserBinding()));
        assertEquals(List.of(AuditOutcome.OTHER_BROWSER, AuditOutcome.STATE_UNKNOWN, AuditOutcome.PROVIDER_REFUSED),
                audit.events().stream().map(event -> event.outcome().orElseThrow()).toList());
    }

    @Test
    void aProviderDownAtTheExchangeIsSaidSo() {
        StartAuthorizationUseCase.Result.Started started = startSignIn();
        providers.down = true;
        assertInstanceOf(CompleteAuthorizationUseCase.Result.ProviderUnavailable.class,
                callback(lastState(), started.browserBinding()));
    }

    /** As after a right password: a ticket, opened after the provider, and no session until the second factor. */
    @Test
    void anAccountWithASecondFactorContinuesIntoTheSecondStep() {
        linkedToAlice();
        confirmTotpOfAlice();
        providers.next = vouchedFor(AT_THE_PROVIDER, ProviderClaims.NONE);
        StartAuthorizationUseCase.Result.Started started = startSignIn();

        CompleteAuthorizationUseCase.Result.SecondFactorRequired required =
                (CompleteAuthorizationUseCase.Result.SecondFactorRequired) callback(lastState(),
                        started.browserBinding());

        assertEquals(List.of(SecondFactorMethod.TOTP, SecondFactorMethod.RECOVERY_CODE), required.methods());
        PendingLogin.Open open = (PendingLogin.Open) pendingLogins.find(LoginTicketHash.of(required.ticket()))
                .orElseThrow();
        assertEquals(FirstFactor.EXTERNAL_PROVIDER, open.firstFactor());
        assertEquals(ALICE.id(), open.userId());
        assertEquals(List.of(SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED, SecurityEventType.SECOND_FACTOR_REQUIRED),
                audit.types());
        Mockito.verifyNoInteractions(codec);
    }

    @Test
    void whereTheProviderSignsUpAnUnlinkedIdentityMakesAnAccountWithoutAPasswordAndSignsIn() {
        providers.configured = new IdentityProvider(ScriptedIdentityProviders.NAME, "Keycloak", true,
                SecondFactorTrust.NONE);
        providers.next = vouchedFor(AT_THE_PROVIDER, claims("carol", "Carol Example", "carol@example.com", List.of()));

        assertInstanceOf(CompleteAuthorizationUseCase.Result.SignedIn.class,
                signIn());

        UserAccount carol = users.findByUsername(new Username("carol")).orElseThrow();
        assertFalse(carol.passwordHash().isSet());
        assertEquals("Carol Example", carol.nickname());
        assertEquals(Optional.of(new AccountEmail(new EmailAddress("carol@example.com"), true)), carol.email());
        assertFalse(carol.isPending());
        assertEquals(carol.id(), links.findByIdentity(AT_THE_PROVIDER).orElseThrow().userId());
        assertEquals(List.of(SecurityEventType.USER_SIGNED_UP, SecurityEventType.IDENTITY_LINKED,
                SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED, SecurityEventType.LOGIN_SUCCEEDED), audit.types());

        providers.next = vouchedFor(AT_THE_PROVIDER, claims("carol", "Carol Example", "carol@example.com", List.of()));
        assertInstanceOf(CompleteAuthorizationUseCase.Result.SignedIn.class,
                signIn());
        assertEquals(Optional.empty(), users.findByUsername(new Username("carol-000000")),
                "the second sign-in signs into the account the first made");
        assertEquals(Optional.of(carol), users.findByUsername(new Username("carol")));
    }

    /** A name or an address that an account holds never joins the new account to it: that would be a takeover. */
    @Test
    void aTakenNameOrAddressGivesTheNewAccountAnotherNameAndNoAddress() {
        providers.configured = new IdentityProvider(ScriptedIdentityProviders.NAME, "Keycloak", true,
                SecondFactorTrust.NONE);
        providers.next = vouchedFor(AT_THE_PROVIDER,
                claims("alice", "Alice", ALICE.email().orElseThrow().address().value(), List.of()));

        assertInstanceOf(CompleteAuthorizationUseCase.Result.SignedIn.class,
                signIn());

        UserAccount made = users.findById(links.findByIdentity(AT_THE_PROVIDER).orElseThrow().userId()).orElseThrow();
        assertEquals(new Username("alice-000000"), made.username());
        assertEquals(Optional.empty(), made.email());
        assertEquals(Optional.of(ALICE), users.findById(ALICE.id()));
        assertTrue(links.findByUser(ALICE.id()).isEmpty());
    }

    /** Where the provider does not sign up, its unlinked identity is refused as before: no account is made. */
    @Test
    void whereTheProviderDoesNotSignUpNoAccountIsMade() {
        providers.next = vouchedFor(AT_THE_PROVIDER, claims("carol", "Carol", "carol@example.com", List.of()));

        assertEquals(new CompleteAuthorizationUseCase.Result.Refused(Refusal.NOT_LINKED),
                signIn());
        assertEquals(Optional.empty(), users.findByUsername(new Username("carol")));
    }

    /** An account made by a sign-in at the same moment holds the identity: this one's account is removed again. */
    @Test
    void anAccountWhoseIdentityWasLinkedMeanwhileIsRemovedAndTheOtherSignsIn() {
        IdentityLinkStore racing = new IdentityLinkStore() {
            @Override
            public boolean add(IdentityLink link) {
                links.add(new IdentityLink(new IdentityLinkId(UUID.randomUUID()), BOB.id(), link.provider(),
                        link.identity(), link.linkedAt()));
                return links.add(link);
            }

            @Override
            public Optional<IdentityLink> findByIdentity(ExternalIdentity identity) {
                return links.findByIdentity(identity);
            }

            @Override
            public List<IdentityLink> findByUser(dev.authservice.domain.user.UserId userId) {
                return links.findByUser(userId);
            }

            @Override
            public boolean remove(IdentityLinkId id, dev.authservice.domain.user.UserId userId) {
                return links.remove(id, userId);
            }
        };
        ExternalSignUp signUp = new ExternalSignUp(users, racing, username -> Optional.empty(), random, audit);
        IdentityProvider provider = new IdentityProvider(ScriptedIdentityProviders.NAME, "Keycloak", true,
                SecondFactorTrust.NONE);

        assertEquals(Optional.empty(), signUp.signUp(provider, AT_THE_PROVIDER,
                claims("carol", "Carol", "carol@example.com", List.of()), RequesterMother.ANONYMOUS, NOW));

        assertEquals(Optional.empty(), users.findByUsername(new Username("carol")));
        assertEquals(Optional.empty(), users.findByEmail(new EmailAddress("carol@example.com")));
        assertEquals(BOB.id(), racing.findByIdentity(AT_THE_PROVIDER).orElseThrow().userId());
    }

    @Test
    void aSecondFactorTheProviderCheckedInTrustedValuesStandsForTheAccountsOwn() {
        linkedToAlice();
        confirmTotpOfAlice();
        providers.configured = new IdentityProvider(ScriptedIdentityProviders.NAME, "Keycloak", false,
                new SecondFactorTrust(Set.of("urn:example:loa:2"), Set.of("mfa")));

        providers.next = vouchedFor(AT_THE_PROVIDER, claims("alice", "Alice", null, List.of("pwd", "mfa")));
        assertInstanceOf(CompleteAuthorizationUseCase.Result.SignedIn.class,
                signIn());
        providers.next = vouchedFor(AT_THE_PROVIDER, new ProviderClaims(Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of("urn:example:loa:2"), List.of()));
        assertInstanceOf(CompleteAuthorizationUseCase.Result.SignedIn.class,
                signIn());
        ArgumentCaptor<AccessToken> issued = ArgumentCaptor.forClass(AccessToken.class);
        Mockito.verify(codec, Mockito.times(2)).encode(issued.capture());
        issued.getAllValues().forEach(token -> assertEquals(
                AuthenticationMethods.EXTERNAL_PROVIDER_AND_ANOTHER_FACTOR, token.methods()));
        assertEquals(AuditOutcome.PROVIDER_SECOND_FACTOR, audit.events().stream()
                .filter(event -> event.type() == SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED).findFirst()
                .orElseThrow().outcome().orElseThrow());

        providers.next = vouchedFor(AT_THE_PROVIDER, new ProviderClaims(Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of("urn:example:loa:1"), List.of("pwd", "otp")));
        assertInstanceOf(CompleteAuthorizationUseCase.Result.SecondFactorRequired.class,
                signIn(), "values not trusted: the account's own asked");
    }

    /** An account without a password keeps one way to sign in at least: its last link stays. */
    @Test
    void theLastLinkOfAnAccountWithoutAPasswordIsNotRemoved() {
        UserAccount carol = UserAccount.signedUpThrough(UserAccountMother.aUser().build().id(), new Username("carol"),
                Optional.empty(), Optional.empty(), NOW);
        users.add(carol);
        links.add(new IdentityLink(new IdentityLinkId(UUID.randomUUID()), carol.id(), ScriptedIdentityProviders.NAME,
                AT_THE_PROVIDER, NOW));
        IdentityLinkId only = links.findByUser(carol.id()).get(0).id();

        assertInstanceOf(UnlinkIdentityUseCase.Result.LastWayToSignIn.class, unlink.unlinkIdentity(
                new UnlinkIdentityUseCase.Command(carol.id(), only, Optional.of(NOW), RequesterMother.ALICE)));

        links.add(new IdentityLink(new IdentityLinkId(UUID.randomUUID()), carol.id(), ScriptedIdentityProviders.NAME,
                new ExternalIdentity("https://idp.example/realms/b", "f81d4fae"), NOW));
        assertInstanceOf(UnlinkIdentityUseCase.Result.Unlinked.class, unlink.unlinkIdentity(
                new UnlinkIdentityUseCase.Command(carol.id(), only, Optional.of(NOW), RequesterMother.ALICE)));
    }

    @Test
    void aLinkAsksForARecentProofThenLinksAndTellsTheUser() {
        assertInstanceOf(StartAuthorizationUseCase.Result.ReauthenticationRequired.class,
                start.startAuthorization(new StartAuthorizationUseCase.Command(ScriptedIdentityProviders.NAME,
                        Optional.of(new StartAuthorizationUseCase.Linking(ALICE.id(), NOW.minus(Duration.ofHours(1)))),
                        RequesterMother.ALICE)));
        StartAuthorizationUseCase.Result.Started started = (StartAuthorizationUseCase.Result.Started)
                start.startAuthorization(new StartAuthorizationUseCase.Command(ScriptedIdentityProviders.NAME,
                        Optional.of(new StartAuthorizationUseCase.Linking(ALICE.id(), NOW)), RequesterMother.ALICE));
        providers.next = vouchedFor(AT_THE_PROVIDER, ProviderClaims.NONE);

        assertInstanceOf(CompleteAuthorizationUseCase.Result.Linked.class,
                callback(lastState(), started.browserBinding()));

        assertEquals(ALICE.id(), links.findByIdentity(AT_THE_PROVIDER).orElseThrow().userId());
        assertEquals(CredentialChange.IDENTITY_LINKED.subject(), notices.only().subject());
        assertEquals(List.of(SecurityEventType.REAUTHENTICATION_REQUIRED, SecurityEventType.IDENTITY_LINKED),
                audit.types());
    }

    @Test
    void anIdentityLinkedToAnotherAccountStaysTheirs() {
        linkedToAlice();
        StartAuthorizationUseCase.Result.Started started = (StartAuthorizationUseCase.Result.Started)
                start.startAuthorization(new StartAuthorizationUseCase.Command(ScriptedIdentityProviders.NAME,
                        Optional.of(new StartAuthorizationUseCase.Linking(BOB.id(), NOW)), RequesterMother.ANONYMOUS));
        providers.next = vouchedFor(AT_THE_PROVIDER, ProviderClaims.NONE);

        assertEquals(new CompleteAuthorizationUseCase.Result.Refused(Refusal.LINKED_ELSEWHERE),
                callback(lastState(), started.browserBinding()));
        assertEquals(ALICE.id(), links.findByIdentity(AT_THE_PROVIDER).orElseThrow().userId());
        assertEquals(0, notices.queued().size());
    }

    @Test
    void aUserUnlinksTheirOwnWithARecentProofAndIsTold() {
        linkedToAlice();
        IdentityLinkId id = links.findByUser(ALICE.id()).get(0).id();
        assertInstanceOf(UnlinkIdentityUseCase.Result.ReauthenticationRequired.class, unlink.unlinkIdentity(
                new UnlinkIdentityUseCase.Command(ALICE.id(), id, Optional.of(NOW.minus(Duration.ofHours(1))),
                        RequesterMother.ALICE)));
        assertInstanceOf(UnlinkIdentityUseCase.Result.NotFound.class, unlink.unlinkIdentity(
                new UnlinkIdentityUseCase.Command(BOB.id(), id, Optional.of(NOW), RequesterMother.ALICE)));

        assertInstanceOf(UnlinkIdentityUseCase.Result.Unlinked.class, unlink.unlinkIdentity(
                new UnlinkIdentityUseCase.Command(ALICE.id(), id, Optional.of(NOW), RequesterMother.ALICE)));

        assertTrue(links.findByUser(ALICE.id()).isEmpty());
        assertEquals(CredentialChange.IDENTITY_UNLINKED.subject(), notices.only().subject());
    }

    @Test
    void anAdministratorsUnlinkEndsTheUsersSessions() {
        linkedToAlice();
        SessionMother.Login login = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(30));
        sessions.start(login.session(), login.firstToken());
        IdentityLinkId id = links.findByUser(ALICE.id()).get(0).id();

        assertInstanceOf(UnlinkIdentityUseCase.Result.Unlinked.class, unlink.unlinkIdentity(
                new UnlinkIdentityUseCase.Command(ALICE.id(), id, Optional.empty(), RequesterMother.ADMINISTRATOR)));

        assertTrue(sessions.find(login.session().id()).orElseThrow().isRevoked());
        assertEquals(AuditOutcome.ADMINISTRATOR, audit.only().outcome().orElseThrow());
        assertFalse(notices.queued().isEmpty());
    }

    /** Distinct values, as the real source's are. */
    private static final class Counting implements RandomSource {
        private final AtomicInteger next = new AtomicInteger();

        @Override
        public UUID uuid() {
            return UUID.nameUUIDFromBytes(Integer.toString(next.incrementAndGet()).getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String refreshTokenValue() {
            return "random-value-" + next.incrementAndGet();
        }

        @Override
        public byte[] bytes(int count) {
            return new byte[count];
        }
    }
}
