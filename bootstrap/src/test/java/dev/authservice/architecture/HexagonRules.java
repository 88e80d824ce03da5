package dev.authservice.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget.CodeUnitCallTarget;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The dependency rule of the hexagon, for a code base rooted at {@code root}: dependencies point inward
 * (adapters → application → domain), adapters reach the application through its ports only, adapters do not know each
 * other (nor do the persistence packages), no adapter decides what the service decides, and nothing knows the wiring. Every in-port has one shape: one method taking
 * a {@code Command} or {@code Query} record and returning a sealed {@code Result} answered through its {@code match}.
 * Parameterised by the root so that the same rules can be shown to fail on a deliberately broken fixture.
 */
final class HexagonRules {

    private static final DescribedPredicate<JavaClass> USE_CASES =
            DescribedPredicate.describe("are use cases", HexagonRules::isUseCase);

    private static final DescribedPredicate<JavaClass> RESULTS =
            DescribedPredicate.describe("are the Results of use cases", HexagonRules::isResultOfAUseCase);

    private static final String CONTROLLER = "io.micronaut.http.annotation.Controller";

    private final String root;

    HexagonRules(String root) {
        this.root = root;
    }

    /**
     * Which capability builds on which, module by module: a capability's classes use those of the capabilities listed
     * for it, and of none other. A capability is a package right under a module's root ({@code domain.passkey},
     * {@code application.passkey}, {@code adapter.in.web.passkey}); the other packages there are {@link #SHARED}.
     */
    static final Map<String, Map<String, Set<String>>> CAPABILITIES = Map.of(
            "domain", Map.ofEntries(
                    Map.entry("user", Set.of("mail")),
                    Map.entry("secondfactor", Set.of("user")),
                    Map.entry("login", Set.of("user", "secondfactor")),
                    Map.entry("passkey", Set.of("user", "login")),
                    Map.entry("session", Set.of("user", "passkey")),
                    Map.entry("audit", Set.of("user", "session")),
                    Map.entry("order", Set.of("user")),
                    Map.entry("mail", Set.of()),
                    Map.entry("mailedtoken", Set.of("user", "mail")),
                    Map.entry("notice", Set.of("user")),
                    Map.entry("recovery", Set.of("user", "mail")),
                    Map.entry("federation", Set.of("user", "mail"))),
            "application", Map.ofEntries(
                    Map.entry("audit", Set.of()),
                    Map.entry("mail", Set.of()),
                    Map.entry("mailedtoken", Set.of("mail")),
                    Map.entry("health", Set.of()),
                    Map.entry("order", Set.of()),
                    Map.entry("session", Set.of("audit")),
                    Map.entry("notice", Set.of("mail", "session")),
                    Map.entry("user", Set.of("audit", "session", "notice", "mail", "mailedtoken")),
                    Map.entry("passkey", Set.of("audit", "session", "user", "notice")),
                    Map.entry("secondfactor", Set.of("audit", "session", "user", "passkey", "notice")),
                    Map.entry("login", Set.of("audit", "session", "user", "passkey", "secondfactor")),
                    Map.entry("recovery", Set.of("audit", "mail", "mailedtoken", "notice", "session", "user")),
                    Map.entry("federation", Set.of("audit", "login", "notice", "secondfactor", "session", "user"))),
            "adapter.in.web", Map.of(
                    "audit", Set.of(),
                    "health", Set.of(),
                    "order", Set.of(),
                    "session", Set.of(),
                    "user", Set.of("session"),
                    "passkey", Set.of("session", "user"),
                    "secondfactor", Set.of("session"),
                    "login", Set.of("session", "passkey", "secondfactor"),
                    "recovery", Set.of("user"),
                    "federation", Set.of("session", "user")));

    /** The packages right under a module's root that every capability of {@link #CAPABILITIES} may use. */
    static final Map<String, Set<String>> SHARED = Map.of(
            "domain", Set.of("paging", "network"),
            "application", Set.of("shared"),
            "adapter.in.web", Set.of("request", "edge", "error", "security", "api"));

    List<ArchRule> all() {
        return List.of(domainIsPureJava(), applicationDependsOnDomainOnly(), noFrameworkInTheCore(),
                adaptersDoNotDependOnEachOther(), nothingDependsOnBootstrap(), adaptersDoNotDependOnServices(),
                portsDoNotDependOnServices(), persistencePackagesDoNotDependOnEachOther(), adaptersDoNotDecide(),
                databaseAdaptersTranslateUnavailability(), noPackageCycles(), capabilitiesMeetWhereTheArchitectureSays(),
                controllersLeaveTheirDescriptionToTheirApi(), apiDescriptionsAreInherited(),
                useCaseResultsAreMatchedNotTested(), inPortsHoldUseCasesAndValues(), useCasesTakeOneCommandOrQuery(),
                useCaseResultsAreSealedOutcomesWithAMatch());
    }

    /**
     * A controller reads as its handlers: its OpenAPI description (operations, responses, tags, and the annotations
     * that stand for them) is on the interface it implements, {@code XxxApi}, which a reader can skip.
     */
    ArchRule controllersLeaveTheirDescriptionToTheirApi() {
        return classes().that().areAnnotatedWith(CONTROLLER)
                .should(new ArchCondition<JavaClass>("carry no OpenAPI description, on the class or a method") {
                    @Override
                    public void check(JavaClass controller, ConditionEvents events) {
                        describes(controller.getAnnotations()).forEach(annotation -> violated(controller, events,
                                "is annotated " + annotation));
                        for (JavaMethod method : controller.getMethods()) {
                            describes(method.getAnnotations()).forEach(annotation -> violated(controller, events,
                                    "has " + method.getName() + " annotated " + annotation));
                        }
                    }
                })
                .because("the description outweighs the code; on the controller's Api it is kept apart from it");
    }

    /**
     * An annotation that stands for part of a description ({@code @ApiDocs.BearerToken}, a resource's
     * {@code @OrderNotFound}) is {@code @Inherited}: Micronaut hands a controller's method the annotations of the
     * interface method it implements only when they are, and micronaut-openapi would leave the rest out of the
     * description without a word.
     */
    ArchRule apiDescriptionsAreInherited() {
        return classes().that().areAnnotations()
                .and(DescribedPredicate.describe("stand for part of an OpenAPI description", (JavaClass type) ->
                        type.getAnnotations().stream().anyMatch(HexagonRules::isOpenApi)
                                && !targetsOnlyTypeUses(type)))
                .should().beAnnotatedWith(Inherited.class)
                .because("an interface's annotation reaches the controller's method only when it is inherited");
    }

    private static boolean isOpenApi(JavaAnnotation<?> annotation) {
        return annotation.getRawType().getPackageName().startsWith("io.swagger.v3.oas.annotations");
    }

    /** The OpenAPI annotations among these, and those that stand for some. */
    private static List<String> describes(Set<? extends JavaAnnotation<?>> annotations) {
        return annotations.stream()
                .filter(annotation -> isOpenApi(annotation)
                        || annotation.getRawType().getAnnotations().stream().anyMatch(HexagonRules::isOpenApi))
                .map(annotation -> "@" + annotation.getRawType().getSimpleName())
                .sorted()
                .toList();
    }

    /** Schema names of generic answers, written on a return type's parts, which no method inherits. */
    private static boolean targetsOnlyTypeUses(JavaClass annotationType) {
        return annotationType.tryGetAnnotationOfType(Target.class)
                .map(target -> Arrays.equals(target.value(), new ElementType[] {ElementType.TYPE_USE}))
                .orElse(false);
    }

    /**
     * No package uses another that uses it back, in any module: a reader takes in one package at a time, starting
     * from those that use no other.
     */
    ArchRule noPackageCycles() {
        return slices().matching(root + ".(**)").should().beFreeOfCycles()
                .because("a cycle makes two packages one, to be read and changed together");
    }

    /** {@link #CAPABILITIES}, for every module it names. */
    ArchRule capabilitiesMeetWhereTheArchitectureSays() {
        return classes().should(new ArchCondition<JavaClass>("use only the capabilities that the architecture lets"
                + " theirs build on") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                CAPABILITIES.forEach((module, capabilities) -> {
                    String prefix = root + "." + module + ".";
                    capabilityOf(javaClass, prefix, capabilities).ifPresent(own -> {
                        for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
                            capabilityOf(dependency.getTargetClass(), prefix, capabilities)
                                    .filter(used -> !used.equals(own) && !capabilities.get(own).contains(used))
                                    .ifPresent(used -> events.add(SimpleConditionEvent.violated(dependency,
                                            javaClass.getName() + " of " + own + " uses " + used + ": "
                                                    + dependency.getDescription())));
                        }
                    });
                });
            }
        }).because("each capability builds on the ones below it, and a reader takes in one at a time");
    }

    /** The capability a class belongs to in the module whose packages start with {@code prefix}, if any. */
    private static Optional<String> capabilityOf(JavaClass javaClass, String prefix, Map<String, Set<String>> known) {
        String packageName = javaClass.getPackageName() + ".";
        if (!packageName.startsWith(prefix)) {
            return Optional.empty();
        }
        String first = packageName.substring(prefix.length()).split("\\.")[0];
        return known.containsKey(first) ? Optional.of(first) : Optional.empty();
    }

    ArchRule domainIsPureJava() {
        return classes().that().resideInAPackage(root + ".domain..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(root + ".domain..", "java..")
                .because("the domain is plain Java, readable and testable without any framework");
    }

    ArchRule applicationDependsOnDomainOnly() {
        return classes().that().resideInAPackage(root + ".application..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage(root + ".application..", root + ".domain..", "java..")
                .because("use cases know the domain and their own ports, nothing else");
    }

    ArchRule noFrameworkInTheCore() {
        return noClasses().that().resideInAnyPackage(root + ".domain..", root + ".application..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("io.micronaut..", "jakarta..", "javax..", "java.sql..", "com.fasterxml..")
                .because("frameworks, JDBC and JSON belong to adapters");
    }

    ArchRule adaptersDoNotDependOnEachOther() {
        return slices().matching(root + ".adapter.(*).(*)..")
                .should().notDependOnEachOther()
                .because("adapters meet only through the application's ports");
    }

    ArchRule nothingDependsOnBootstrap() {
        return noClasses().that().resideOutsideOfPackage(root + ".bootstrap..")
                .should().dependOnClassesThat().resideInAPackage(root + ".bootstrap..")
                .because("the wiring sees everything and nothing sees the wiring");
    }

    ArchRule adaptersDoNotDependOnServices() {
        return noClasses().that().resideInAPackage(root + ".adapter..")
                .should().dependOnClassesThat().resideInAPackage(root + ".application..service..")
                .because("adapters meet the application through its ports only, so a service can change behind them");
    }

    ArchRule portsDoNotDependOnServices() {
        return noClasses().that().resideInAPackage(root + ".application..port..")
                .should().dependOnClassesThat().resideInAPackage(root + ".application..service..")
                .because("services implement and use the ports; a port naming a service ties the contract to it");
    }

    ArchRule persistencePackagesDoNotDependOnEachOther() {
        return slices().matching(root + ".adapter.out.persistence.(*)..")
                .should().notDependOnEachOther()
                .because("each persistence package owns its tables; what they share lives in adapter.out.persistence");
    }

    /**
     * The service decides, the stores find and write: no adapter asks the domain for a {@code Decision}
     * ({@code RefreshAttempt.decide}), asks a {@code RefusalRule}, or makes a {@code Decision} of its own. A store
     * that decided would write what it decided, out of the service's sight and out of reach of the proofs that hold
     * every store to writing what it is handed.
     */
    ArchRule adaptersDoNotDecide() {
        return noClasses().that().resideInAPackage(root + ".adapter..")
                .should().callCodeUnitWhere(DescribedPredicate.describe("the target decides a refresh"
                                + " (RefreshAttempt.decide, a RefusalRule, a Decision's constructor)",
                        (JavaCall<?> call) -> decides(call.getTarget())))
                .because("the service decides on what a store found and hands the decision to the store to write");
    }

    /** A call that asks the domain for a decision, asks one of its refusal rules, or makes a decision itself. */
    private boolean decides(CodeUnitCallTarget target) {
        boolean makesADecision = target.getName().equals(JavaConstructor.CONSTRUCTOR_NAME)
                && target.getOwner().isAssignableTo(domainType("Decision"));
        return makesADecision || target.getRawReturnType().isAssignableTo(domainType("Decision"))
                || target.getOwner().isAssignableTo(domainType("RefusalRule"));
    }

    private DescribedPredicate<JavaClass> domainType(String simpleName) {
        return DescribedPredicate.describe("the domain's " + simpleName, type -> type.getSimpleName().equals(simpleName)
                && type.getPackageName().startsWith(root + ".domain"));
    }

    /**
     * Every out-port adapter on the database turns an unreachable database into the port's
     * {@code StoreUnavailableException}, which the web adapter answers with 503: one left out would answer 500 during a
     * failover, for the requests that reach it alone.
     */
    ArchRule databaseAdaptersTranslateUnavailability() {
        return classes().that().resideInAPackage(root + ".adapter.out.persistence..")
                .and().haveSimpleNameStartingWith("Jdbc")
                .and(DescribedPredicate.describe("implement an out-port", (JavaClass javaClass) ->
                        javaClass.getAllRawInterfaces().stream()
                                .anyMatch(port -> isIn(port, root + ".application..port.out"))))
                .should(ArchCondition.from(DescribedPredicate.describe("be annotated @TranslatesUnavailability",
                        (JavaClass javaClass) -> javaClass.getAnnotations().stream().anyMatch(annotation ->
                                annotation.getRawType().getSimpleName().equals("TranslatesUnavailability")))))
                .because("a database failing over is a 503 with Retry-After, not a 500, whichever store meets it");
    }

    /**
     * A caller answers each outcome of a use case through its {@code Result.match}, one function per outcome, so that
     * a new outcome does not compile until every caller handles it. An {@code instanceof} chain would compile, and a
     * catch-all at its end would silently answer the new outcome as the wrong one.
     */
    ArchRule useCaseResultsAreMatchedNotTested() {
        String inPorts = inPorts();
        return noClasses().that().resideOutsideOfPackage(inPorts)
                .should(new ArchCondition<JavaClass>("test a use case's result with instanceof") {
                    @Override
                    public void check(JavaClass javaClass, ConditionEvents events) {
                        for (JavaCodeUnit codeUnit : javaClass.getCodeUnits()) {
                            for (InstanceofCheck check : codeUnit.getInstanceofChecks()) {
                                if (isIn(check.getRawType(), inPorts)) {
                                    events.add(SimpleConditionEvent.satisfied(check, javaClass.getName() + " tests "
                                            + check.getRawType().getName() + " with instanceof in "
                                            + codeUnit.getFullName()));
                                }
                            }
                        }
                    }
                })
                .because("a Result is answered by its match, which the compiler holds to every outcome");
    }

    /**
     * Records and enums are values; any other interface or class in {@code port.in} would be a way into the
     * application that the shape rules below do not see.
     */
    ArchRule inPortsHoldUseCasesAndValues() {
        return classes().that().resideInAPackage(inPorts())
                .should(new ArchCondition<JavaClass>("be a use case, a use case's Result, a record or an enum") {
                    @Override
                    public void check(JavaClass javaClass, ConditionEvents events) {
                        if (isUseCase(javaClass) || isResultOfAUseCase(javaClass) || javaClass.isRecord()
                                || javaClass.isEnum()) {
                            return;
                        }
                        violated(javaClass, events, javaClass.isInterface()
                                ? "is an interface, but neither a use case (a top-level interface named *UseCase) nor"
                                        + " a use case's Result"
                                : "is a class, but neither a record nor an enum");
                    }
                })
                .because("a use case is the one way into the application, and the rest of port.in are the values it"
                        + " takes or gives, such as IssuedTokens or a nested Refusal");
    }

    ArchRule useCasesTakeOneCommandOrQuery() {
        return classes().that().resideInAPackage(inPorts()).and(USE_CASES)
                .should(new ArchCondition<JavaClass>("declare one abstract method, named after the use case, that takes"
                        + " the Command or Query record nested in it and returns the Result nested in it") {
                    @Override
                    public void check(JavaClass useCase, ConditionEvents events) {
                        Set<JavaMethod> methods = useCase.getMethods();
                        if (methods.size() != 1 || !methods.iterator().next().getModifiers()
                                .contains(JavaModifier.ABSTRACT)) {
                            violated(useCase, events, "declares " + methods.stream().map(JavaMethod::getFullName)
                                    .sorted().toList() + ", not one abstract method");
                            return;
                        }
                        JavaMethod method = methods.iterator().next();
                        String name = useCase.getSimpleName();
                        String expectedName = Character.toLowerCase(name.charAt(0))
                                + name.substring(1, name.length() - "UseCase".length());
                        if (!method.getName().equals(expectedName)) {
                            violated(useCase, events, "names its method " + method.getName() + ", not " + expectedName);
                        }
                        List<JavaClass> parameters = method.getRawParameterTypes();
                        if (parameters.size() != 1) {
                            violated(useCase, events, "takes " + parameters.size() + " parameters, not one");
                        } else {
                            checkInput(useCase, parameters.get(0), events);
                        }
                        if (!isNestedIn(method.getRawReturnType(), useCase, "Result")) {
                            violated(useCase, events, "returns " + method.getRawReturnType().getName()
                                    + ", not the Result nested in it");
                        }
                    }
                })
                .because("every use case is called the same way, so its name says what it does and its records say"
                        + " what it needs; a Query may be empty, as CheckHealthUseCase's is, when the question is all"
                        + " there is to ask, and keeps the signature when one gains a parameter; a Command is never"
                        + " empty, since a change says at least what it changes");
    }

    private static void checkInput(JavaClass useCase, JavaClass input, ConditionEvents events) {
        boolean command = isNestedIn(input, useCase, "Command");
        if (!input.isRecord() || !(command || isNestedIn(input, useCase, "Query"))) {
            violated(useCase, events, "takes " + input.getName() + ", not a Command or Query record nested in it");
        } else if (command && input.reflect().getRecordComponents().length == 0) {
            violated(useCase, events, "takes a Command that carries nothing");
        }
    }

    ArchRule useCaseResultsAreSealedOutcomesWithAMatch() {
        return classes().that().resideInAPackage(inPorts()).and(RESULTS)
                .should(new ArchCondition<JavaClass>("be sealed interfaces permitting only records nested in them, with"
                        + " a match taking one Function per outcome") {
                    @Override
                    public void check(JavaClass result, ConditionEvents events) {
                        Class<?> sealed = result.reflect();
                        if (!result.isInterface() || !sealed.isSealed()) {
                            violated(result, events, "is not a sealed interface");
                            return;
                        }
                        List<Class<?>> outcomes = Arrays.asList(sealed.getPermittedSubclasses());
                        for (Class<?> outcome : outcomes) {
                            if (!outcome.isRecord() || outcome.getEnclosingClass() != sealed) {
                                violated(result, events, "permits " + outcome.getName()
                                        + ", which is not a record nested in it");
                            }
                        }
                        List<JavaMethod> matches = result.getMethods().stream()
                                .filter(method -> method.getName().equals("match")).toList();
                        if (matches.size() != 1) {
                            violated(result, events, "declares " + matches.size() + " match methods, not one");
                            return;
                        }
                        List<String> answered = matches.get(0).getParameterTypes().stream()
                                .map(HexagonRules::outcomeAnsweredBy).toList();
                        Set<String> outcomeNames = outcomes.stream().map(Class::getName).collect(Collectors.toSet());
                        if (answered.size() != outcomes.size() || !Set.copyOf(answered).equals(outcomeNames)) {
                            violated(result, events, "declares " + matches.get(0).getFullName()
                                    + ", not one Function per outcome of " + outcomeNames.stream().sorted().toList());
                        }
                    }
                })
                .because("a caller answers every outcome through match, and the compiler holds it to each one; a Result"
                        + " with one outcome, as a list's or a logout's, is allowed and answered so too, so that a"
                        + " refusal added later breaks every caller that does not handle it");
    }

    /** The outcome that a parameter of {@code match} answers: {@code X} for a {@code Function<X, T>}, else no name. */
    private static String outcomeAnsweredBy(JavaType parameter) {
        return Optional.of(parameter)
                .filter(type -> type.toErasure().isEquivalentTo(Function.class))
                .filter(JavaParameterizedType.class::isInstance)
                .map(type -> ((JavaParameterizedType) type).getActualTypeArguments().get(0).toErasure().getName())
                .orElse("");
    }

    /** The in-ports of every capability: {@code application.<capability>.port.in}. */
    private String inPorts() {
        return root + ".application..port.in..";
    }

    private static boolean isIn(JavaClass javaClass, String packageIdentifier) {
        return PackageMatcher.of(packageIdentifier).matches(javaClass.getPackageName());
    }

    private static boolean isUseCase(JavaClass javaClass) {
        return javaClass.isInterface() && javaClass.isTopLevelClass() && javaClass.getSimpleName().endsWith("UseCase");
    }

    private static boolean isResultOfAUseCase(JavaClass javaClass) {
        return javaClass.getSimpleName().equals("Result")
                && javaClass.getEnclosingClass().filter(HexagonRules::isUseCase).isPresent();
    }

    private static boolean isNestedIn(JavaClass nested, JavaClass enclosing, String simpleName) {
        return nested.getSimpleName().equals(simpleName) && nested.getEnclosingClass().equals(Optional.of(enclosing));
    }

    private static void violated(JavaClass javaClass, ConditionEvents events, String defect) {
        events.add(SimpleConditionEvent.violated(javaClass, javaClass.getName() + " " + defect));
    }
}
