<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_CA">
<context>
    <name>Billing</name>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="54"/>
        <source>{check} already ran for this card at {time}: {verdict} (request {id}).</source>
        <translation>{check} a déjà été fait pour cette carte à {time}&#x202f;: {verdict} (requête {id}).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="58"/>
        <source>This card was checked at {time} with {check}: {verdict} (request {id}).</source>
        <translation>Cette carte a été vérifiée à {time} avec {check}&#x202f;: {verdict} (requête {id}).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="96"/>
        <source>Check again?</source>
        <translation>Vérifier de nouveau&#x202f;?</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="99"/>
        <source>Running it again is billed again.</source>
        <translation>Refaire cette vérification est facturé de nouveau.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="101"/>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="158"/>
        <source>Check again (billed)</source>
        <translation>Vérifier de nouveau (facturé)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="102"/>
        <source>Keep the result</source>
        <translation>Garder le résultat</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="188"/>
        <source>Check for this card: {check} — {why}</source>
        <translation>Vérification pour cette carte&#x202f;: {check} — {why}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="191"/>
        <source>No check runs by itself for this card — {why}</source>
        <translation>Aucune vérification automatique pour cette carte — {why}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/billing_widgets.py" line="198"/>
        <source>{check} again (billed)</source>
        <translation>{check} de nouveau (facturé)</translation>
    </message>
</context>
<context>
    <name>CanadaForm</name>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="164"/>
        <source>Canadian registry check</source>
        <translation>Vérification au registre canadien</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="172"/>
        <source>as printed on the card</source>
        <translation>tel qu&apos;imprimé sur la carte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="166"/>
        <source>Filled in from the scanned licence when possible. Tap a field and type with the keys; check, then press Check licence.</source>
        <translation>Rempli à partir du permis balayé lorsque c&apos;est possible. Touchez un champ et tapez avec les touches&#x202f;; vérifiez, puis appuyez sur Vérifier le permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="174"/>
        <source>optional, e.g. G</source>
        <translation>facultatif, p. ex. G</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="179"/>
        <source>Licence number</source>
        <translation>Numéro de permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="180"/>
        <source>Date of birth</source>
        <translation>Date de naissance</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="181"/>
        <source>Province or territory</source>
        <translation>Province ou territoire</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="182"/>
        <source>Licence class (optional)</source>
        <translation>Classe de permis (facultatif)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="187"/>
        <source>Scroll the form fields</source>
        <translation>Faire défiler les champs du formulaire</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="188"/>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/canada_form.py" line="189"/>
        <source>Check licence</source>
        <translation>Vérifier le permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/form_fields.py" line="150"/>
        <source>Year</source>
        <translation>Année</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/form_fields.py" line="151"/>
        <source>Month</source>
        <translation>Mois</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/form_fields.py" line="152"/>
        <source>Day</source>
        <translation>Jour</translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <location filename="../../kiosk_app/app/diagnostics.py" line="35"/>
        <source>Not found</source>
        <extracomment>Control characters shown by name; every other byte below 0x20 (and 0x7F, and bytes of 0x80 and above, which licence data never holds) is shown as ``&lt;0xNN&gt;``.</extracomment>
        <translation>Introuvable</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/diagnostics.py" line="36"/>
        <source>Not a folder</source>
        <translation>Ce n&apos;est pas un dossier</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/diagnostics.py" line="37"/>
        <source>Cannot be read by the kiosk</source>
        <translation>Illisible pour le kiosque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/diagnostics.py" line="38"/>
        <source>Readable, but the kiosk cannot delete or move files in it</source>
        <translation>Lisible, mais le kiosque ne peut pas y supprimer ni y déplacer de fichiers</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/diagnostics.py" line="41"/>
        <source>Readable and writable</source>
        <translation>Lisible et modifiable</translation>
    </message>
</context>
<context>
    <name>DiagnosticsDialog</name>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="151"/>
        <source>Diagnostics</source>
        <translation>Diagnostic</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="155"/>
        <source>The last scans are the customer&apos;s data: kept in memory only, shown only here, never logged, and cleared after New customer or the idle timeout.</source>
        <translation>Les derniers balayages sont des données du client&#x202f;: conservés en mémoire seulement, affichés seulement ici, jamais journalisés et effacés après Nouveau client ou le délai d&apos;inactivité.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="159"/>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="160"/>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="161"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="152"/>
        <source>Inputs</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="163"/>
        <source>Cameras present</source>
        <translation>Caméras présentes</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="164"/>
        <source>Serial ports present</source>
        <translation>Ports série présents</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="165"/>
        <source>Watched scan folder</source>
        <translation>Dossier de balayages surveillé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="166"/>
        <source>Check service</source>
        <translation>Service de vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="172"/>
        <source>Connection test result</source>
        <translation>Résultat du test de connexion</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="173"/>
        <source>Scroll the diagnostics</source>
        <translation>Faire défiler les diagnostics</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="199"/>
        <source>Status of %1</source>
        <translation>État de %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="200"/>
        <source>Last raw scan from %1</source>
        <translation>Dernier balayage brut de %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="201"/>
        <source>Keys of the last scan from %1</source>
        <translation>Touches du dernier balayage de %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="202"/>
        <source>Scroll the last raw scan from %1</source>
        <translation>Faire défiler le dernier balayage brut de %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="204"/>
        <source>Scroll the keys of the last scan from %1</source>
        <translation>Faire défiler les touches du dernier balayage de %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="245"/>
        <source>Status: %1</source>
        <translation>État&#x202f;: %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="255"/>
        <source>No scan since the last customer was cleared</source>
        <translation>Aucun balayage depuis l&apos;effacement du dernier client</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="263"/>
        <source>Picture %1 (%2 bytes) at %3</source>
        <translation>Image %1 (%2 octets) à %3</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="264"/>
        <source>without a name</source>
        <translation>sans nom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="272"/>
        <source>Last scan: %1 bytes at %2</source>
        <translation>Dernier balayage&#x202f;: %1 octets à %2</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="282"/>
        <source>exact bytes</source>
        <translation>octets exacts</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="284"/>
        <source>repaired: not sent to the signature check</source>
        <translation>réparé&#x202f;: non envoyé à la vérification de signature</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="287"/>
        <source>Keys the scanner sent (characters masked after the first %1; %2):</source>
        <translation>Touches envoyées par le lecteur (caractères masqués après les %1 premiers&#x202f;; %2)&#x202f;:</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="303"/>
        <source>default</source>
        <translation>par défaut</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="305"/>
        <source>in use</source>
        <translation>en cours d&apos;utilisation</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="307"/>
        <source>No camera found</source>
        <translation>Aucune caméra trouvée</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="315"/>
        <source>(configured)</source>
        <translation>(configuré)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="318"/>
        <source>%1 (configured, not present)</source>
        <translation>%1 (configuré, absent)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="319"/>
        <source>No serial port found</source>
        <translation>Aucun port série trouvé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="332"/>
        <source>No folder set in the admin settings</source>
        <translation>Aucun dossier défini dans les paramètres administrateur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="336"/>
        <source>%1: checking…</source>
        <translation>%1&#x202f;: vérification…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="346"/>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="357"/>
        <source>%1: %2</source>
        <translation>%1&#x202f;: %2</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="371"/>
        <source>Testing the connection…</source>
        <translation>Test de la connexion…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="380"/>
        <source>Connection OK: %1</source>
        <translation>Connexion réussie&#x202f;: %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/diagnostics.py" line="387"/>
        <source>Connection failed: %1</source>
        <translation>Échec de la connexion&#x202f;: %1</translation>
    </message>
</context>
<context>
    <name>Error</name>
    <message>
        <location filename="../../kiosk_app/ui/error_screen.py" line="62"/>
        <source>Copy details</source>
        <translation>Copier les détails</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/error_screen.py" line="63"/>
        <source>Start again</source>
        <translation>Recommencer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/error_screen.py" line="65"/>
        <source>Let the service read the picture (billed)</source>
        <translation>Faire lire la photo par le service (facturé)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/error_screen.py" line="81"/>
        <source>File: {name}</source>
        <translation>Fichier&#x202f;: {name}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/error_screen.py" line="87"/>
        <source>Scan again, open another picture, or let the service read this one: it is billed, and the answer is what the service read, not a verification.</source>
        <translation>Numérisez de nouveau, ouvrez une autre photo ou faites lire celle-ci par le service&#x202f;: c’est facturé, et la réponse est ce que le service a lu, pas une vérification.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/error_screen.py" line="93"/>
        <source>Scan again, or open another picture.</source>
        <translation>Balayez de nouveau ou ouvrez une autre image.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/error_screen.py" line="95"/>
        <source>Scan again to retry, or press Start again.</source>
        <translation>Balayez de nouveau pour réessayer ou appuyez sur Recommencer.</translation>
    </message>
</context>
<context>
    <name>Fields</name>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="41"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="75"/>
        <source>Country code</source>
        <translation>Code du pays</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="42"/>
        <source>Country code (2 letters)</source>
        <translation>Code du pays (2 lettres)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="39"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="43"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="67"/>
        <source>Street address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="44"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="71"/>
        <source>City</source>
        <translation>Ville</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="45"/>
        <source>Licence class</source>
        <translation>Classe de permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="46"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="74"/>
        <source>Country</source>
        <translation>Pays</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="34"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="47"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="69"/>
        <source>Date of birth</source>
        <translation>Date de naissance</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="37"/>
        <source>Revocation status</source>
        <translation>Statut de révocation</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="48"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="79"/>
        <source>Expiry date</source>
        <translation>Date d’expiration</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="49"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="80"/>
        <source>Eye colour</source>
        <translation>Couleur des yeux</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="50"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="91"/>
        <source>Family name</source>
        <translation>Nom de famille</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="51"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="81"/>
        <source>First name</source>
        <translation>Prénom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="52"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="82"/>
        <source>Full name</source>
        <translation>Nom complet</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="53"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="83"/>
        <source>Sex</source>
        <translation>Sexe</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="54"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="85"/>
        <source>Hair colour</source>
        <translation>Couleur des cheveux</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="55"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="86"/>
        <source>Height</source>
        <translation>Taille</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="56"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="92"/>
        <source>Licence number</source>
        <translation>Numéro de permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="57"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="76"/>
        <source>Document type</source>
        <translation>Type de document</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="58"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="88"/>
        <source>Issue date</source>
        <translation>Date de délivrance</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="59"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="94"/>
        <source>Middle name</source>
        <translation>Second prénom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="60"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="98"/>
        <source>Postal box</source>
        <translation>Case postale</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="38"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="61"/>
        <source>State or province</source>
        <translation>État ou province</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="35"/>
        <source>Licence or ID number</source>
        <translation>Numéro du permis ou de la carte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="36"/>
        <source>Current licence classes</source>
        <translation>Classes de permis en vigueur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="62"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="89"/>
        <source>Issued by</source>
        <translation>Délivré par</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="63"/>
        <source>Weight</source>
        <translation>Poids</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="64"/>
        <location filename="../../kiosk_app/ui/field_labels.py" line="99"/>
        <source>Postal code</source>
        <translation>Code postal</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="65"/>
        <source>Social security number</source>
        <translation>Numéro de sécurité sociale</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="68"/>
        <source>Street address, line 2</source>
        <translation>Adresse, ligne 2</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="70"/>
        <source>Card design date</source>
        <translation>Date du modèle de carte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="72"/>
        <source>Standard vehicle class</source>
        <translation>Classe de véhicule normalisée</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="73"/>
        <source>REAL ID compliance</source>
        <translation>Conformité REAL ID</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="77"/>
        <source>Endorsements</source>
        <translation>Mentions</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="78"/>
        <source>Endorsement codes</source>
        <translation>Codes des mentions</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="84"/>
        <source>Hazardous materials endorsement expiry</source>
        <translation>Expiration de la mention matières dangereuses</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="87"/>
        <source>Issuer number (IIN)</source>
        <translation>Numéro d’émetteur (IIN)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="90"/>
        <source>State or province of the address</source>
        <translation>État ou province de l’adresse</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="93"/>
        <source>Limited-duration document</source>
        <translation>Document à durée limitée</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="95"/>
        <source>Name prefix</source>
        <translation>Préfixe du nom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="96"/>
        <source>Name suffix</source>
        <translation>Suffixe du nom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="97"/>
        <source>Organ donor</source>
        <translation>Donneur d’organes</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="100"/>
        <source>Race or ethnicity</source>
        <translation>Race ou origine ethnique</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="101"/>
        <source>Restriction codes</source>
        <translation>Codes de restriction</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="102"/>
        <source>Restrictions</source>
        <translation>Restrictions</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="103"/>
        <source>Vehicle class</source>
        <translation>Classe de véhicule</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="104"/>
        <source>Vehicle class, in words</source>
        <translation>Classe de véhicule, en toutes lettres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="105"/>
        <source>Veteran</source>
        <translation>Ancien combattant</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="106"/>
        <source>Weight (kg)</source>
        <translation>Poids (kg)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="107"/>
        <source>Weight (lb)</source>
        <translation>Poids (lb)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/field_labels.py" line="152"/>
        <source>unknown</source>
        <translation>inconnue</translation>
    </message>
</context>
<context>
    <name>Keypad</name>
    <message>
        <location filename="../../kiosk_app/ui/keypad.py" line="60"/>
        <source>Erase</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/keypad.py" line="61"/>
        <source>Keypad</source>
        <translation>Clavier</translation>
    </message>
</context>
<context>
    <name>Listed</name>
    <message>
        <location filename="../../kiosk_app/ui/listed_screen.py" line="69"/>
        <source>Continue with the check</source>
        <translation>Continuer la vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/listed_screen.py" line="70"/>
        <source>New customer</source>
        <translation>Nouveau client</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/listed_screen.py" line="72"/>
        <source>Nothing was sent to the service and nothing is billed. No check runs unless you choose to continue.</source>
        <translation>Rien n’a été envoyé au service et rien n’est facturé. Aucune vérification ne se fait à moins que vous choisissiez de continuer.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/listed_screen.py" line="95"/>
        <source>Further entries for this customer: %1</source>
        <translation>Autres inscriptions pour ce client&#x202f;: %1</translation>
    </message>
</context>
<context>
    <name>PicturePicker</name>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="51"/>
        <source>Scan folder</source>
        <translation>Dossier de numérisation</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="54"/>
        <source>Pictures</source>
        <translation>Images</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="117"/>
        <source>No picture folder is set up.</source>
        <translation>Aucun dossier d&apos;images n&apos;est configuré.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="121"/>
        <source>Open a picture of the back of the licence</source>
        <translation>Ouvrir une image du dos du permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="123"/>
        <source>Choose a picture of the back of the licence</source>
        <translation>Choisissez une image du dos du permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="125"/>
        <source>Up</source>
        <translation>Dossier parent</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="126"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/picture_picker.py" line="127"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>PinPad</name>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="64"/>
        <source>Administrator</source>
        <translation>Administrateur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="82"/>
        <source>PIN pad message</source>
        <translation>Message du clavier NIP</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="94"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="118"/>
        <source>Delete</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="119"/>
        <source>Delete last digit</source>
        <translation>Effacer le dernier chiffre</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="120"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="158"/>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="171"/>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="179"/>
        <source>Administrator PIN</source>
        <translation>NIP administrateur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="159"/>
        <source>Enter the administrator PIN.</source>
        <translation>Entrez le NIP administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="161"/>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="168"/>
        <source>Choose an administrator PIN</source>
        <translation>Choisissez un NIP administrateur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="163"/>
        <source>No PIN is set yet. Choose one of %1 to %2 digits.</source>
        <translation>Aucun NIP n&apos;est encore défini. Choisissez-en un de %1 à %2 chiffres.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="169"/>
        <source>Enter the same PIN again.</source>
        <translation>Entrez le même NIP de nouveau.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="174"/>
        <source>The PIN file is missing, but a PIN was set on this kiosk before. IT must reset the PIN (see the README) so that a new one can be chosen.</source>
        <translation>Le fichier du NIP est absent, mais un NIP a déjà été défini sur ce kiosque. Le service informatique doit réinitialiser le NIP (voir le README) pour qu&apos;un nouveau puisse être choisi.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="182"/>
        <source>The PIN file is damaged. IT must delete admin_pin.json (see the README) so that a new PIN can be chosen.</source>
        <translation>Le fichier du NIP est endommagé. Le service informatique doit supprimer admin_pin.json (voir le README) pour qu&apos;un nouveau NIP puisse être choisi.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="221"/>
        <source>The PIN must be %1 to %2 digits.</source>
        <translation>Le NIP doit compter de %1 à %2 chiffres.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="234"/>
        <source>The two PINs were not the same. Start again.</source>
        <translation>Les deux NIP ne sont pas identiques. Recommencez.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="275"/>
        <source>Wrong PIN. %1 more tries before the pad locks.</source>
        <translation>NIP erroné. Encore %1 essais avant le verrouillage du clavier.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="294"/>
        <source>The PIN could not be checked.</source>
        <translation>Le NIP n&apos;a pas pu être vérifié.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="296"/>
        <source>The PIN could not be saved or checked (disk error).</source>
        <translation>Le NIP n&apos;a pas pu être enregistré ni vérifié (erreur de disque).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="312"/>
        <source>The wrong PIN could not be recorded (the disk is read-only or full), so the pad is locked. Try again in %1.</source>
        <translation>Le NIP erroné n&apos;a pas pu être enregistré (disque en lecture seule ou plein)&#x202f;: le clavier est donc verrouillé. Réessayez dans %1.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="316"/>
        <source>Too many wrong PINs. Try again in %1.</source>
        <translation>Trop de NIP erronés. Réessayez dans %1.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/pin_pad.py" line="349"/>
        <source>%1 digits entered</source>
        <translation>%1 chiffres entrés</translation>
    </message>
</context>
<context>
    <name>Ready</name>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="347"/>
        <source>Scan the back of the licence</source>
        <translation>Balayez le dos du permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="153"/>
        <source>Open picture…</source>
        <translation>Ouvrir une image…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="196"/>
        <source>Try a sample</source>
        <translation>Essayer un exemple</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="160"/>
        <source>Usage is not being counted: the kiosk cannot write its usage database (is the disk full?). Checks are still sent and billed. Tell the administrator.</source>
        <translation>L’utilisation n’est pas comptée&#x202f;: le kiosque ne peut pas écrire dans sa base d’utilisation (le disque est-il plein&#x202f;?). Les vérifications sont toujours envoyées et facturées. Prévenez l’administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="154"/>
        <source>Scroll the licence details</source>
        <translation>Faire défiler les détails du permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="286"/>
        <source>{input}: {status}</source>
        <translation>{input}&#x202f;: {status}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="292"/>
        <source>Live inputs — {inputs}</source>
        <translation>Entrées actives — {inputs}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="349"/>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="351"/>
        <source>{checks} start after a scan.</source>
        <translation>{checks}&#x202f;: disponible après un balayage.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="356"/>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="366"/>
        <source>Licence read — choose a check</source>
        <translation>Permis lu — choisissez une vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="358"/>
        <source>The scanner changed some characters, so the signature cannot be checked on this scan: use the camera, or set the scanner to send control characters. The other checks still work.</source>
        <translation>Le lecteur a modifié certains caractères&#x202f;; la signature ne peut pas être vérifiée sur cette lecture&#x202f;: utilisez la caméra, ou réglez le lecteur pour qu&apos;il envoie les caractères de contrôle. Les autres vérifications restent possibles.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_screen.py" line="368"/>
        <source>Scan again to start over with another licence.</source>
        <translation>Balayez de nouveau pour recommencer avec un autre permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_guide.py" line="30"/>
        <source>Turn the card over: the barcode is the wide block of fine stripes on the back.</source>
        <translation>Retournez la carte&#x202f;: le code-barres est le large bloc de fines rayures au verso.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_guide.py" line="33"/>
        <source>Hold it flat under the scanner, about a hand&apos;s width away, the whole barcode in the light — or open or drop a picture of it.</source>
        <translation>Tenez-la à plat sous le lecteur, à environ une main de distance, tout le code-barres dans la lumière — ou ouvrez ou déposez une image du code-barres.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_guide.py" line="38"/>
        <source>The name, date of birth and age appear here at once; then choose a check. The verdict follows in a few seconds.</source>
        <translation>Le nom, la date de naissance et l’âge s’affichent ici aussitôt&#x202f;; choisissez ensuite une vérification. Le verdict suit en quelques secondes.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_guide.py" line="116"/>
        <source>How to scan</source>
        <translation>Comment balayer</translation>
    </message>
</context>
<context>
    <name>ReadyCamera</name>
    <message>
        <location filename="../../kiosk_app/ui/ready_camera.py" line="53"/>
        <source>Camera</source>
        <translation>Caméra</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_camera.py" line="55"/>
        <source>Camera preview</source>
        <translation>Aperçu de la caméra</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/ready_camera.py" line="57"/>
        <source>The camera&apos;s picture; a green outline marks the barcode it found</source>
        <translation>L&apos;image de la caméra&#x202f;; un contour vert indique le code-barres trouvé</translation>
    </message>
</context>
<context>
    <name>RecordPanel</name>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="38"/>
        <source>Export the compliance record</source>
        <translation>Exporter le registre de conformité</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="79"/>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="98"/>
        <source>First day (UTC)</source>
        <translation>Premier jour (UTC)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="80"/>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="100"/>
        <source>Last day (UTC)</source>
        <translation>Dernier jour (UTC)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="81"/>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="83"/>
        <source>Export JSON…</source>
        <translation>Exporter en JSON…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="90"/>
        <source>One row per check: the time (UTC), this desk, the check, the banner shown (title and colour), the minimum-age and expiry outcomes, the request log id and whether it was billed. Never a name, a date of birth, a number or an address.</source>
        <translation>Une ligne par vérification&#x202f;: l’heure (UTC), ce poste, la vérification, la bannière affichée (titre et couleur), les résultats de l’âge minimum et de l’expiration, le numéro de requête et si elle a été facturée. Jamais un nom, une date de naissance, un numéro ni une adresse.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="120"/>
        <source>The record is kept on this desk for %1 days.</source>
        <translation>Le registre est conservé sur ce poste pendant %1 jours.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="125"/>
        <source>The record is off (Kiosk tab). Rows kept earlier can still be exported.</source>
        <translation>Le registre est désactivé (onglet Kiosque). Les lignes conservées auparavant peuvent encore être exportées.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="136"/>
        <source>The compliance record cannot be written (is the disk full?). %1 rows wait in memory and are written once there is room; checks go on.</source>
        <translation>Le registre de conformité ne peut pas être écrit (le disque est-il plein&#x202f;?). %1 lignes attendent en mémoire et seront écrites dès qu’il y aura de la place&#x202f;; les vérifications continuent.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="149"/>
        <source>The last day is before the first day.</source>
        <translation>Le dernier jour précède le premier jour.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="160"/>
        <source>Exporting…</source>
        <translation>Exportation…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="166"/>
        <source>Exported %1 checks.</source>
        <translation>%1 vérifications exportées.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/record_panel.py" line="172"/>
        <source>Export failed: %1</source>
        <translation>Échec de l’exportation&#x202f;: %1</translation>
    </message>
</context>
<context>
    <name>Result</name>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="51"/>
        <source>The digital signature is valid and not revoked.</source>
        <translation>La signature numérique est valide et n&apos;est pas révoquée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="54"/>
        <source>The signature is not valid or the document is revoked. Do not accept it.</source>
        <translation>La signature n&apos;est pas valide ou le document est révoqué. Ne l&apos;acceptez pas.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="57"/>
        <source>The signature service could not decide. Check the request — was the whole barcode read? — and scan again.</source>
        <translation>Le service de signature n&apos;a pas pu trancher. Vérifiez la demande — le code-barres a-t-il été lu en entier&#x202f;? — et balayez de nouveau.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="62"/>
        <source>The registry confirms the licence details.</source>
        <translation>Le registre confirme les renseignements du permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="65"/>
        <source>The registry does not confirm this licence.</source>
        <translation>Le registre ne confirme pas ce permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="68"/>
        <source>Some details only partly match the registry. Check the card by hand.</source>
        <translation>Certains renseignements ne correspondent qu&apos;en partie au registre. Vérifiez la carte manuellement.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="71"/>
        <source>The registry could not answer now. A retry is scheduled in 15 minutes (nothing is billed for this answer).</source>
        <translation>Le registre ne peut pas répondre pour le moment. Un nouvel essai est prévu dans 15 minutes (cette réponse n&apos;est pas facturée).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="76"/>
        <source>The barcode was parsed; no verification was done.</source>
        <translation>Le code-barres a été décodé&#x202f;; aucune vérification n&apos;a été faite.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="81"/>
        <source>The check passed.</source>
        <translation>La vérification est réussie.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="82"/>
        <source>The check failed. Do not accept the document without a manual check.</source>
        <translation>La vérification a échoué. N&apos;acceptez pas le document sans vérification manuelle.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="85"/>
        <source>Some details need a manual check.</source>
        <translation>Certains renseignements doivent être vérifiés manuellement.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="86"/>
        <source>The service could not decide. Try again.</source>
        <translation>Le service n&apos;a pas pu trancher. Réessayez.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="233"/>
        <source>Another check</source>
        <translation>Autre vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="234"/>
        <source>New customer</source>
        <translation>Nouveau client</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="235"/>
        <source>Retry now</source>
        <translation>Réessayer maintenant</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="236"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="239"/>
        <source>Scroll the field results</source>
        <translation>Faire défiler les résultats des champs</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="240"/>
        <source>Scroll the licence details</source>
        <translation>Faire défiler les détails du permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="559"/>
        <source>Service message: {message}</source>
        <translation>Message du service&#x202f;: {message}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="314"/>
        <source>Trace id: {trace}</source>
        <translation>Identifiant de trace&#x202f;: {trace}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="359"/>
        <source>Automatic retry in {time}</source>
        <translation>Nouvel essai automatique dans {time}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="237"/>
        <source>Parsed by the service</source>
        <translation>Décodé par le service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="238"/>
        <source>The service returned no field details.</source>
        <translation>Le service n&apos;a renvoyé aucun détail par champ.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="392"/>
        <source>Fields not compared: {count} — hide</source>
        <translation>Champs non comparés&#x202f;: {count} — masquer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="394"/>
        <source>Fields not compared: {count} — show</source>
        <translation>Champs non comparés&#x202f;: {count} — afficher</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="474"/>
        <source>Licence: {message}</source>
        <translation>Permis&#x202f;: {message}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="479"/>
        <source>Current licence classes: {classes}</source>
        <translation>Classes de permis actuelles&#x202f;: {classes}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="509"/>
        <source>{count} more rows from the service are not shown.</source>
        <translation>{count} autres lignes du service ne sont pas affichées.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="567"/>
        <source>Signature VALID</source>
        <translation>Signature VALIDE</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="568"/>
        <source>Signature NOT VALID</source>
        <translation>Signature NON VALIDE</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="569"/>
        <source>Signature: unknown</source>
        <translation>Signature&#x202f;: inconnue</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="572"/>
        <source>REVOKED</source>
        <translation>RÉVOQUÉ</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="573"/>
        <source>not revoked</source>
        <translation>non révoqué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="574"/>
        <source>revocation unknown</source>
        <translation>révocation inconnue</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="582"/>
        <source>Request log id {id}</source>
        <translation>Identifiant de journal de la demande {id}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="589"/>
        <source>billable</source>
        <translation>facturable</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/result_screen.py" line="589"/>
        <source>not billable</source>
        <translation>non facturable</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/document_rows.py" line="17"/>
        <source>≠ Differs from the kiosk&apos;s read</source>
        <translation>≠ Diffère de la lecture du kiosque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/document_rows.py" line="18"/>
        <source>= Same as the kiosk&apos;s read</source>
        <translation>= Identique à la lecture du kiosque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/document_rows.py" line="59"/>
        <source>Kiosk&apos;s read: {value}</source>
        <translation>Lecture du kiosque&#x202f;: {value}</translation>
    </message>
</context>
<context>
    <name>Screenshots</name>
    <message>
        <location filename="../../kiosk_app/ui/screenshots.py" line="207"/>
        <source>Shouted at the staff</source>
        <translation>A crié après le personnel</translation>
    </message>
</context>
<context>
    <name>Service</name>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="25"/>
        <source>Driver&apos;s license is valid</source>
        <translation>Le permis de conduire est valide</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="26"/>
        <source>Document is Valid</source>
        <translation>Le document est valide</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="27"/>
        <source>Document is Not Valid</source>
        <translation>Le document n&apos;est pas valide</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="28"/>
        <source>Document is Not Revoked</source>
        <translation>Le document n&apos;est pas révoqué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="29"/>
        <source>Document is Revoked</source>
        <translation>Le document est révoqué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="30"/>
        <source>Revoked</source>
        <translation>Révoqué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="31"/>
        <source>Not Revoked</source>
        <translation>Non révoqué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="32"/>
        <source>Valid</source>
        <translation>Valide</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="33"/>
        <source>Class Match</source>
        <translation>La classe correspond</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="38"/>
        <source>Driver&apos;s license is suspended</source>
        <translation>Le permis de conduire est suspendu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="39"/>
        <source>Driver&apos;s license is expired</source>
        <translation>Le permis de conduire est expiré</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="40"/>
        <source>Driver&apos;s license is cancelled</source>
        <translation>Le permis de conduire est annulé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="41"/>
        <source>Driver&apos;s license was not found</source>
        <translation>Le permis de conduire est introuvable</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="42"/>
        <source>The jurisdiction could not complete the verification; retry after 15 minutes</source>
        <translation>L&apos;autorité émettrice n&apos;a pas pu terminer la vérification&#x202f;; réessayez dans 15 minutes</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="45"/>
        <source>The jurisdiction&apos;s service returned an error (simulated)</source>
        <translation>Le service de l&apos;autorité émettrice a renvoyé une erreur (simulée)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="46"/>
        <source>The trackString is not an AAMVA driver licence or ID barcode</source>
        <translation>Les données envoyées ne sont pas un code-barres AAMVA de permis ou de carte d&apos;identité</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="47"/>
        <source>Required field TrackString is empty</source>
        <translation>Les données du code-barres (TrackString) sont vides</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="48"/>
        <source>Field TrackString must be a string</source>
        <translation>Les données du code-barres (TrackString) doivent être du texte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="49"/>
        <source>Required field DriverLicenseNumber is empty</source>
        <translation>Le numéro de permis (DriverLicenseNumber) est vide</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="50"/>
        <source>Required field DateOfBirths is empty</source>
        <translation>La date de naissance (DateOfBirths) est vide</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="51"/>
        <source>Field DateOfBirths must be a date in yyyy-MM-dd format</source>
        <translation>La date de naissance (DateOfBirths) doit être au format aaaa-MM-jj</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="52"/>
        <source>Required field IssuedBy is empty</source>
        <translation>La province ou le territoire (IssuedBy) est vide</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="53"/>
        <source>Field IssuedBy must be a Canadian province or territory code</source>
        <translation>La province ou le territoire (IssuedBy) doit être un code canadien de province ou de territoire</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="54"/>
        <source>Field DriverLicenseClass must be at most 2 characters</source>
        <translation>La classe de permis (DriverLicenseClass) doit avoir au plus 2 caractères</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="55"/>
        <source>Field DriverLicenseNumber must be a string</source>
        <translation>Le numéro de permis (DriverLicenseNumber) doit être du texte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="56"/>
        <source>Field DateOfBirths must be a string</source>
        <translation>La date de naissance (DateOfBirths) doit être du texte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="57"/>
        <source>Field IssuedBy must be a string</source>
        <translation>La province ou le territoire (IssuedBy) doit être du texte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="58"/>
        <source>Field DriverLicenseClass must be a string</source>
        <translation>La classe de permis (DriverLicenseClass) doit être du texte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="59"/>
        <source>Field Metadata must be an object</source>
        <translation>Les métadonnées (Metadata) doivent être un objet</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="60"/>
        <source>The simulator requires exactly one service identifier in services</source>
        <translation>Le simulateur exige exactement un identifiant de service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="63"/>
        <source>services must contain exactly one service identifier</source>
        <translation>La demande doit nommer exactement un identifiant de service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="64"/>
        <source>Unknown service identifier</source>
        <translation>Identifiant de service inconnu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="65"/>
        <source>The service reported a failure.</source>
        <translation>Le service a signalé un échec.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/service_text.py" line="93"/>
        <source>Service&apos;s words: “{text}”</source>
        <translation>Paroles du service&#x202f;: «&#x202f;{text}&#x202f;»</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="152"/>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="153"/>
        <source>Checks</source>
        <translation>Vérifications</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="154"/>
        <source>Inputs</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="155"/>
        <source>Kiosk</source>
        <translation>Kiosque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="156"/>
        <source>Other</source>
        <translation>Autres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="157"/>
        <source>Usage</source>
        <translation>Utilisation</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="158"/>
        <source>Compliance record</source>
        <translation>Registre de conformité</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="165"/>
        <source>Check service address</source>
        <translation>Adresse du service de vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="166"/>
        <source>Document verification address</source>
        <translation>Adresse de la vérification de documents</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="167"/>
        <source>Legacy parsing service address</source>
        <translation>Adresse de l&apos;ancien service de lecture</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="168"/>
        <source>API token</source>
        <translation>Jeton d&apos;API</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="169"/>
        <source>Legacy auth key</source>
        <translation>Clé d&apos;authentification de l&apos;ancien service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="170"/>
        <source>Extra CA bundle file</source>
        <translation>Fichier de certificats d&apos;autorité supplémentaires</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="171"/>
        <source>HTTPS proxy</source>
        <translation>Serveur mandataire HTTPS</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="172"/>
        <source>Connect time limit (s)</source>
        <translation>Délai de connexion (s)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="173"/>
        <source>Answer time limit (s)</source>
        <translation>Délai de réponse (s)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="174"/>
        <source>Checks offered</source>
        <translation>Vérifications offertes</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="175"/>
        <source>US cards</source>
        <translation>Cartes américaines</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="176"/>
        <source>Canadian licences</source>
        <translation>Permis canadiens</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="177"/>
        <source>Run the card&apos;s check on every scan</source>
        <translation>Lancer la vérification de la carte à chaque balayage</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="178"/>
        <source>Same card again within N minutes: not re-checked (0: off)</source>
        <translation>Même carte dans les N minutes&#x202f;: pas revérifiée (0&#x202f;: désactivé)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="181"/>
        <source>Unreadable picture: let the service read it (billed)</source>
        <translation>Photo illisible&#x202f;: la faire lire par le service (facturé)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="184"/>
        <source>When the monthly quota is reached</source>
        <translation>Quand le quota mensuel est atteint</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="185"/>
        <source>Scanner key gap (ms)</source>
        <translation>Intervalle entre les touches du lecteur (ms)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="186"/>
        <source>Shortest scan (characters)</source>
        <translation>Balayage le plus court (caractères)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="187"/>
        <source>Idle wipe after (s)</source>
        <translation>Effacement après inactivité (s)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="188"/>
        <source>Age of majority</source>
        <translation>Âge de la majorité</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="189"/>
        <source>Minimum age: younger customers are never a pass (empty: none)</source>
        <translation>Âge minimum&#x202f;: un client plus jeune n’est jamais accepté (vide&#x202f;: aucun)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="192"/>
        <source>Say “expires in N days” within N days (0: never)</source>
        <translation>Afficher «&#x202f;expire dans N jours&#x202f;» dans les N jours (0&#x202f;: jamais)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="195"/>
        <source>Sounds</source>
        <translation>Sons</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="196"/>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="197"/>
        <source>Text size</source>
        <translation>Taille du texte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="198"/>
        <source>High contrast (white on black)</source>
        <translation>Contraste élevé (blanc sur noir)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="199"/>
        <source>Start in kiosk mode</source>
        <translation>Démarrer en mode kiosque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="200"/>
        <source>Test mode (results are not real)</source>
        <translation>Mode test (résultats fictifs)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="201"/>
        <source>Monthly quota of billable checks (0: none)</source>
        <translation>Quota mensuel de vérifications facturables (0&#x202f;: aucun)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="204"/>
        <source>Use a camera</source>
        <translation>Utiliser une caméra</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="205"/>
        <source>Camera (empty: the first one)</source>
        <translation>Caméra (vide&#x202f;: la première)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="206"/>
        <source>Camera resolution (WIDTHxHEIGHT)</source>
        <translation>Résolution de la caméra (LARGEURxHAUTEUR)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="207"/>
        <source>Video file instead of a camera (demo)</source>
        <translation>Fichier vidéo au lieu d&apos;une caméra (démo)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="208"/>
        <source>Serial scanner port</source>
        <translation>Port du lecteur série</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="209"/>
        <source>Serial speed (baud)</source>
        <translation>Vitesse série (bauds)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="210"/>
        <source>Serial data bits</source>
        <translation>Bits de données série</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="211"/>
        <source>Serial parity</source>
        <translation>Parité série</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="212"/>
        <source>Serial stop bits</source>
        <translation>Bits d&apos;arrêt série</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="213"/>
        <source>Serial end-of-scan suffix</source>
        <translation>Suffixe de fin de balayage série</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="214"/>
        <source>Serial silence ending a scan (ms)</source>
        <translation>Silence série terminant un balayage (ms)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="215"/>
        <source>Watched folder</source>
        <translation>Dossier surveillé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="216"/>
        <source>Keep read files (move to processed/)</source>
        <translation>Garder les fichiers lus (déplacés dans processed/)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="217"/>
        <source>Prometheus metrics folder (node_exporter textfile; empty: none)</source>
        <translation>Dossier des métriques Prometheus (textfile de node_exporter&#x202f;; vide&#x202f;: aucun)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="220"/>
        <source>Desk name in logs and metrics (empty: the host name)</source>
        <translation>Nom du poste dans les journaux et les métriques (vide&#x202f;: le nom de l’ordinateur)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="223"/>
        <source>Keep a compliance record (what was shown, never who)</source>
        <translation>Tenir un registre de conformité (ce qui a été affiché, jamais qui)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="226"/>
        <source>Compliance record kept for (days)</source>
        <translation>Durée de conservation du registre de conformité (jours)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="234"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="235"/>
        <source>parse</source>
        <translation>lecture seule</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="238"/>
        <source>signature</source>
        <translation>signature</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="243"/>
        <source>registry</source>
        <translation>registre</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="249"/>
        <source>even</source>
        <translation>paire</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="250"/>
        <source>odd</source>
        <translation>impaire</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="251"/>
        <source>space</source>
        <translation>espace</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="252"/>
        <source>mark</source>
        <translation>marque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="255"/>
        <source>off</source>
        <translation>désactivé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="256"/>
        <source>document verification</source>
        <translation>vérification de document</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="257"/>
        <source>legacy ParseImage</source>
        <translation>ParseImage (ancien service)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="260"/>
        <source>%1 %</source>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="264"/>
        <source>warn the clerk</source>
        <translation>avertir le commis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="265"/>
        <source>block billable checks</source>
        <translation>bloquer les vérifications facturables</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="525"/>
        <source>Administrator settings</source>
        <translation>Paramètres administrateur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="560"/>
        <source>Settings status</source>
        <translation>État des paramètres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="562"/>
        <source>Connection test result</source>
        <translation>Résultat du test de connexion</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="564"/>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="566"/>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="568"/>
        <source>Change PIN</source>
        <translation>Changer le NIP</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="570"/>
        <source>Diagnostics</source>
        <translation>Diagnostic</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="572"/>
        <source>Watchlist</source>
        <translation>Liste de surveillance</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="574"/>
        <source>Exit kiosk</source>
        <translation>Quitter le mode kiosque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="577"/>
        <source>Quit application</source>
        <translation>Quitter l&apos;application</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="579"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="600"/>
        <source>Demo: changes apply to this run only; nothing is saved.</source>
        <translation>Démo&#x202f;: les changements ne valent que pour cette session&#x202f;; rien n&apos;est enregistré.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="603"/>
        <source>Settings file problem</source>
        <translation>Problème du fichier de paramètres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="618"/>
        <source>Scroll the %1 tab</source>
        <translation>Faire défiler l’onglet %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="646"/>
        <source>Problem with %1</source>
        <translation>Problème avec %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="664"/>
        <source>Set by your IT department</source>
        <translation>Défini par votre service informatique</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="665"/>
        <source>%1 is set by your IT department</source>
        <translation>%1 est défini par votre service informatique</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="685"/>
        <source>Token and auth key are kept in: %1</source>
        <translation>Le jeton et la clé d&apos;authentification sont conservés dans&#x202f;: %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="708"/>
        <source>%1 — type a new one to replace it</source>
        <translation>%1 — tapez-en un nouveau pour le remplacer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="710"/>
        <source>not set — type one to store it</source>
        <translation>non défini — tapez-en un pour l&apos;enregistrer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="721"/>
        <source>The settings file could not be used, so the kiosk started with the default settings. Save to write a valid file.</source>
        <translation>Le fichier de paramètres n&apos;a pas pu être utilisé, le kiosque a donc démarré avec les paramètres par défaut. Enregistrez pour écrire un fichier valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="729"/>
        <source>Some values in the settings file could not be used; their defaults are in effect: %1. Save to write valid values.</source>
        <translation>Certaines valeurs du fichier de paramètres n&apos;ont pas pu être utilisées&#x202f;; leurs valeurs par défaut s&apos;appliquent&#x202f;: %1. Enregistrez pour écrire des valeurs valides.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="740"/>
        <source>Your IT department&apos;s managed settings file could not be used; it is ignored.</source>
        <translation>Le fichier de paramètres gérés de votre service informatique est inutilisable&#x202f;; il est ignoré.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="746"/>
        <source>Some values in your IT department&apos;s managed settings file could not be used and are ignored: %1.</source>
        <translation>Certaines valeurs du fichier de paramètres gérés de votre service informatique sont inutilisables et ignorées&#x202f;: %1.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="753"/>
        <source>The value in the settings file could not be used; default shown.</source>
        <translation>La valeur du fichier de paramètres n&apos;a pas pu être utilisée&#x202f;; valeur par défaut affichée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="767"/>
        <source>%1: %2</source>
        <translation>%1&#x202f;: %2</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="801"/>
        <source>Not saved: %1 setting(s) need attention.</source>
        <translation>Non enregistré&#x202f;: %1 paramètre(s) à corriger.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="818"/>
        <source>The token would go to a new address: enter the administrator PIN to save.</source>
        <translation>Le jeton irait à une nouvelle adresse&#x202f;: entrez le NIP administrateur pour enregistrer.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="824"/>
        <source>Not saved: the PIN is needed to change the service address.</source>
        <translation>Non enregistré&#x202f;: le NIP est requis pour changer l&apos;adresse du service.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="829"/>
        <source>Applied to this demo run (not saved).</source>
        <translation>Appliqué à cette session de démo (non enregistré).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="832"/>
        <source>Saving…</source>
        <translation>Enregistrement…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="843"/>
        <source>Saved.</source>
        <translation>Enregistré.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="852"/>
        <source>Not saved: %1</source>
        <translation>Non enregistré&#x202f;: %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="860"/>
        <source>Fix the settings marked first.</source>
        <translation>Corrigez d&apos;abord les paramètres signalés.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="871"/>
        <source>Not tested: the stored token goes to a new address only once the settings are saved with the PIN. Type the token above to test with it.</source>
        <translation>Non testé&#x202f;: le jeton enregistré n&apos;est envoyé à une nouvelle adresse qu&apos;une fois les paramètres enregistrés avec le NIP. Tapez le jeton ci-dessus pour tester avec lui.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="877"/>
        <source>Testing the connection…</source>
        <translation>Test de la connexion…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="882"/>
        <source>Connection OK: %1</source>
        <translation>Connexion réussie&#x202f;: %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/settings_dialog.py" line="887"/>
        <source>Connection failed: %1</source>
        <translation>Échec de la connexion&#x202f;: %1</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="48"/>
        <source>Passed</source>
        <translation>Réussi</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="51"/>
        <source>Failed</source>
        <translation>Échoué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="54"/>
        <source>Flagged</source>
        <translation>Signalé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="59"/>
        <source>Could not verify</source>
        <translation>Vérification impossible</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="70"/>
        <source>Read by the service — not verified</source>
        <translation>Lu par le service — non vérifié</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="77"/>
        <source>Under age</source>
        <translation>Trop jeune</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="86"/>
        <source>Match</source>
        <translation>Correspond</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="89"/>
        <source>Partial match</source>
        <translation>Correspondance partielle</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="92"/>
        <source>No match</source>
        <translation>Ne correspond pas</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/theme.py" line="95"/>
        <source>Not compared</source>
        <translation>Non comparé</translation>
    </message>
</context>
<context>
    <name>UsagePanel</name>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="38"/>
        <source>Signature check</source>
        <translation>Vérification de signature</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="39"/>
        <source>Parse only</source>
        <translation>Décodage seulement</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="40"/>
        <source>Canadian registry check</source>
        <translation>Vérification au registre canadien</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="41"/>
        <source>Legacy parse</source>
        <translation>Décodage (ancien service)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="49"/>
        <source>Passed</source>
        <translation>Réussi</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="50"/>
        <source>Failed</source>
        <translation>Échoué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="51"/>
        <source>Flagged</source>
        <translation>Signalé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="52"/>
        <source>Could not verify</source>
        <translation>Vérification impossible</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="55"/>
        <source>Error (no answer)</source>
        <translation>Erreur (aucune réponse)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="67"/>
        <source>Read</source>
        <translation>Lu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="69"/>
        <source>Not read</source>
        <translation>Non lu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="75"/>
        <source>Export usage counts</source>
        <translation>Exporter les compteurs d&apos;utilisation</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="128"/>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="128"/>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="128"/>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="131"/>
        <source>Checks</source>
        <translation>Vérifications</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="128"/>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="131"/>
        <source>Billable</source>
        <translation>Facturables</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="131"/>
        <source>Day</source>
        <translation>Jour</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="135"/>
        <source>Scroll the checks of today</source>
        <translation>Faire défiler les vérifications d’aujourd’hui</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="136"/>
        <source>Scroll the checks of this month</source>
        <translation>Faire défiler les vérifications de ce mois-ci</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="137"/>
        <source>Scroll the checks of the last 30 days</source>
        <translation>Faire défiler les vérifications des 30 derniers jours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="138"/>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="140"/>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="149"/>
        <source>Today</source>
        <translation>Aujourd&apos;hui</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="151"/>
        <source>This month</source>
        <translation>Ce mois-ci</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="153"/>
        <source>Last 30 days</source>
        <translation>30 derniers jours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="165"/>
        <source>Reading the usage counts…</source>
        <translation>Lecture des compteurs d&apos;utilisation…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="177"/>
        <source>Exporting…</source>
        <translation>Exportation…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="202"/>
        <source>%1 checks this month were sent but their outcome is unknown (the kiosk stopped before the reply); they are counted as billable.</source>
        <translation>%1 vérifications de ce mois ont été envoyées sans résultat connu (le kiosque s’est arrêté avant la réponse)&#x202f;; elles sont comptées comme facturables.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="208"/>
        <source>Repeats not billed (same card, already checked): %1 today, %2 this month</source>
        <translation>Répétitions non facturées (même carte, déjà vérifiée)&#x202f;: %1 aujourd’hui, %2 ce mois-ci</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="218"/>
        <source>Billable checks this month: %1 (no monthly quota set)</source>
        <translation>Vérifications facturables ce mois-ci&#x202f;: %1 (aucun quota mensuel défini)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="224"/>
        <source>Billable checks this month: %1 of %2 (%3 left)</source>
        <translation>Vérifications facturables ce mois-ci&#x202f;: %1 sur %2 (reste %3)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="230"/>
        <source>The monthly quota is used up.</source>
        <translation>Le quota mensuel est épuisé.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="232"/>
        <source>Close to the monthly quota.</source>
        <translation>Le quota mensuel est presque atteint.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="240"/>
        <source>Usage counts unavailable: %1</source>
        <translation>Compteurs d&apos;utilisation indisponibles&#x202f;: %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="250"/>
        <source>Exported %1 checks.</source>
        <translation>%1 vérifications exportées.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="258"/>
        <source>Export failed: %1</source>
        <translation>Échec de l&apos;exportation&#x202f;: %1</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="265"/>
        <source>Outcome unknown (sent, counted billable)</source>
        <translation>Résultat inconnu (envoyée, comptée facturable)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="276"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="132"/>
        <source>Checks today</source>
        <translation>Vérifications aujourd&apos;hui</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="133"/>
        <source>Checks this month</source>
        <translation>Vérifications ce mois-ci</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/usage_panel.py" line="134"/>
        <source>Checks in the last 30 days</source>
        <translation>Vérifications des 30 derniers jours</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="82"/>
        <source>Under {age}</source>
        <translation>Moins de {age} ans</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="91"/>
        <source>Do not accept: the customer is under this desk&apos;s minimum age.</source>
        <translation>Ne pas accepter&#x202f;: le client n’a pas l’âge minimum de ce comptoir.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="121"/>
        <source>Not read by the service</source>
        <translation>Non lu par le service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="133"/>
        <source>Signature valid — licence EXPIRED</source>
        <translation>Signature valide — permis EXPIRÉ</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="134"/>
        <source>The barcode is genuine, but the licence has expired. Do not accept it as a valid licence.</source>
        <translation>Le code-barres est authentique, mais le permis est expiré. Ne l’acceptez pas comme permis valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="145"/>
        <source>Passed — licence EXPIRED</source>
        <translation>Réussi — permis EXPIRÉ</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="146"/>
        <source>The registry confirms the details, but the licence has expired. Do not accept it as a valid licence.</source>
        <translation>Le registre confirme les renseignements, mais le permis est expiré. Ne l’acceptez pas comme permis valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="157"/>
        <source>Signature valid — read INCOMPLETE</source>
        <translation>Signature valide — lecture INCOMPLÈTE</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="158"/>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="180"/>
        <source>The barcode lacks a name, birth date, expiry date or licence number. Check the card by hand.</source>
        <translation>Il manque au code-barres un nom, une date de naissance, une date d’expiration ou un numéro de permis. Vérifiez la carte à la main.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="169"/>
        <source>Signature valid — barcode UNUSUAL</source>
        <translation>Signature valide — code-barres INHABITUEL</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="170"/>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="192"/>
        <source>Something in the barcode looks unusual. Check the card by hand.</source>
        <translation>Quelque chose semble inhabituel dans le code-barres. Vérifiez la carte à la main.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="179"/>
        <source>Passed — read INCOMPLETE</source>
        <translation>Réussi — lecture INCOMPLÈTE</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="191"/>
        <source>Passed — barcode UNUSUAL</source>
        <translation>Réussi — code-barres INHABITUEL</translation>
    </message>
</context>
<context>
    <name>Watchlist</name>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="52"/>
        <source>fleet list</source>
        <translation>liste du parc</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="53"/>
        <source>this desk</source>
        <translation>ce poste</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="60"/>
        <source>Entry</source>
        <translation>Inscription</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="61"/>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="153"/>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="62"/>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="63"/>
        <source>Added</source>
        <translation>Ajoutée</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="64"/>
        <source>Ends</source>
        <translation>Fin</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="65"/>
        <source>Kept in</source>
        <translation>Conservée dans</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="150"/>
        <source>Watchlist</source>
        <translation>Liste de surveillance</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="151"/>
        <source>The customer on screen</source>
        <translation>Le client à l’écran</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="152"/>
        <source>Entries in force</source>
        <translation>Inscriptions en vigueur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="154"/>
        <source>Note (your own words)</source>
        <translation>Note (vos propres mots)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="156"/>
        <source>At most 60 characters; nothing from the card</source>
        <translation>Au plus 60 caractères&#x202f;; rien de la carte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="158"/>
        <source>Ends on</source>
        <translation>Prend fin le</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="161"/>
        <source>Add to the list</source>
        <translation>Ajouter à la liste</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="162"/>
        <source>Take off the list</source>
        <translation>Retirer de la liste</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="163"/>
        <source>Remove the selected entry</source>
        <translation>Retirer l’inscription choisie</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="164"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="166"/>
        <source>Scroll the entries in force</source>
        <translation>Faire défiler les inscriptions en vigueur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="209"/>
        <source>Select an entry first.</source>
        <translation>Choisissez d’abord une inscription.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="237"/>
        <source>Added: entry %1.</source>
        <translation>Ajoutée&#x202f;: inscription %1.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="242"/>
        <source>Taken off the list: %1.</source>
        <translation>Retirée de la liste&#x202f;: %1.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="244"/>
        <source>The customer on screen is not on the list.</source>
        <translation>Le client à l’écran n’est pas sur la liste.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="251"/>
        <source>Removed: entry %1.</source>
        <translation>Retirée&#x202f;: inscription %1.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="253"/>
        <source>Entry %1 is no longer in force.</source>
        <translation>L’inscription %1 n’est plus en vigueur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/admin/watchlist_dialog.py" line="262"/>
        <source>The list could not be changed: %1</source>
        <translation>La liste n’a pas pu être modifiée&#x202f;: %1</translation>
    </message>
</context>
<context>
    <name>Widgets</name>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="284"/>
        <source>Verdict: {words}</source>
        <translation>Verdict&#x202f;: {words}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="500"/>
        <source>Read from the barcode</source>
        <translation>Lu dans le code-barres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="485"/>
        <source>EXPIRED</source>
        <translation>EXPIRÉ</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="498"/>
        <source>Read by the service from the picture</source>
        <translation>Lu par le service sur la photo</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="514"/>
        <source>(no name in the barcode)</source>
        <translation>(aucun nom dans le code-barres)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="517"/>
        <source>Born: {date}</source>
        <translation>Naissance&#x202f;: {date}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="520"/>
        <source>Age: {age}</source>
        <translation>Âge&#x202f;: {age}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="522"/>
        <source>Age: unknown</source>
        <translation>Âge&#x202f;: inconnu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="528"/>
        <source>UNDER {age}</source>
        <translation>MOINS DE {age}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="542"/>
        <source>Incomplete read, missing: {fields}. Check the card itself.</source>
        <translation>Lecture incomplète, il manque&#x202f;: {fields}. Vérifiez la carte elle-même.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="550"/>
        <source>Barcode consistent</source>
        <translation>Code-barres cohérent</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="552"/>
        <source>1 thing looks unusual</source>
        <translation>1 point semble inhabituel</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="554"/>
        <source>{count} things look unusual</source>
        <translation>{count} points semblent inhabituels</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="564"/>
        <source>age unknown</source>
        <translation>âge inconnu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="572"/>
        <source>unknown</source>
        <translation>inconnue</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="576"/>
        <source>Expires: {date}</source>
        <translation>Expiration&#x202f;: {date}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="579"/>
        <source>{expires} — expired {days} day(s) ago</source>
        <translation>{expires} — expiré depuis {days} jour(s)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/widgets.py" line="583"/>
        <source>{expires} — in {days} day(s)</source>
        <translation>{expires} — dans {days} jour(s)</translation>
    </message>
</context>
<context>
    <name>Window</name>
    <message>
        <location filename="../../kiosk_app/ui/main_window.py" line="75"/>
        <source>TEST MODE — results are not real</source>
        <translation>MODE TEST — les résultats ne sont pas réels</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/main_window.py" line="125"/>
        <location filename="../../kiosk_app/ui/main_window.py" line="372"/>
        <source>ID check</source>
        <translation>Vérification d&apos;identité</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/main_window.py" line="437"/>
        <source>Open a picture of the back of the licence</source>
        <translation>Ouvrir une image du dos du permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/main_window.py" line="439"/>
        <source>Images (%1);;All files (*)</source>
        <translation>Images (%1);;Tous les fichiers (*)</translation>
    </message>
</context>
<context>
    <name>Working</name>
    <message>
        <location filename="../../kiosk_app/ui/working_screen.py" line="64"/>
        <source>Working…</source>
        <translation>Traitement en cours…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/working_screen.py" line="67"/>
        <source>The kiosk stays usable; press Cancel to stop waiting.</source>
        <translation>Le kiosque reste utilisable&#x202f;; appuyez sur Annuler pour cesser d&apos;attendre.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/ui/working_screen.py" line="69"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>messages</name>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="96"/>
        <source>A check is running — wait for the result (or press Cancel), then scan again.</source>
        <translation>Une vérification est en cours — attendez le résultat (ou appuyez sur Annuler), puis balayez de nouveau.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="99"/>
        <source>Reading the barcode…</source>
        <translation>Lecture du code-barres…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="100"/>
        <source>Reading the picture…</source>
        <translation>Lecture de l&apos;image…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="101"/>
        <source>Same card — result already shown</source>
        <translation>Même carte — résultat déjà affiché</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="102"/>
        <source>Same card — already read</source>
        <translation>Même carte — déjà lue</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/planning.py" line="32"/>
        <source>{check} does not apply to this card; nothing was sent.</source>
        <extracomment>Checks that need the barcode&apos;s exact bytes (refused on a scan that is not byte-exact).</extracomment>
        <translation>{check} ne s’applique pas à cette carte&#x202f;; rien n’a été envoyé.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/planning.py" line="39"/>
        <source>Signature not checked: the scanner changed some of the barcode&apos;s characters (control characters or keyboard layout). Scan the licence with the camera, or set the scanner to send control characters (see the set-up guide). The other checks still work.</source>
        <translation>Signature non vérifiée&#x202f;: le lecteur a modifié certains caractères du code-barres (caractères de contrôle ou disposition du clavier). Lisez le permis avec la caméra, ou réglez le lecteur pour qu&apos;il envoie les caractères de contrôle (voir le guide d&apos;installation). Les autres vérifications restent possibles.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reports.py" line="10"/>
        <source>{sentence} (HTTP {code})</source>
        <translation>{sentence} (HTTP {code})</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reports.py" line="11"/>
        <source>{sentence} (HTTP {code}; the service&apos;s words: “{words}”)</source>
        <translation>{sentence} (HTTP {code}&#x202f;; paroles du service&#x202f;: «&#x202f;{words}&#x202f;»)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reports.py" line="21"/>
        <source>The licence could not be read</source>
        <translation>Le permis n&apos;a pas pu être lu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reports.py" line="43"/>
        <source>The check could not be completed</source>
        <translation>La vérification n&apos;a pas pu être terminée</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reports.py" line="48"/>
        <source>Something went wrong in the kiosk</source>
        <translation>Un problème est survenu dans le kiosque</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reports.py" line="49"/>
        <source>Please try again. If it happens again, call support.</source>
        <translation>Veuillez réessayer. Si le problème se reproduit, appelez le soutien technique.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/planning.py" line="35"/>
        <source>{check} is turned off on this kiosk.</source>
        <translation>{check}&#x202f;: désactivé sur ce kiosque.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/planning.py" line="36"/>
        <source>Scan the back of the licence first.</source>
        <translation>Balayez d&apos;abord le dos du permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="103"/>
        <source>Cancelled. Nothing was shown for that request.</source>
        <translation>Annulé. Rien n&apos;a été affiché pour cette demande.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="104"/>
        <source>Read locally only in part: {hint}</source>
        <translation>Lu localement en partie seulement&#x202f;: {hint}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/customer.py" line="864"/>
        <source>{check}…</source>
        <translation>{check}…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/client.py" line="217"/>
        <source>A check must name exactly one service.</source>
        <translation>Une vérification doit désigner un seul service.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="19"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="87"/>
        <source>Alberta</source>
        <translation>Alberta</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/wedge.py" line="251"/>
        <source>Barcode scanner (keyboard)</source>
        <translation>Lecteur de codes-barres (clavier)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="20"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="88"/>
        <source>British Columbia</source>
        <translation>Colombie-Britannique</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="28"/>
        <source>Canadian registry check</source>
        <translation>Vérification au registre canadien</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="111"/>
        <source>Choose a Canadian province or territory (two letters, for example ON or BC).</source>
        <translation>Choisissez une province ou un territoire du Canada (deux lettres, par exemple ON ou BC).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="107"/>
        <source>Choose the province or territory.</source>
        <translation>Choisissez la province ou le territoire.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/files.py" line="66"/>
        <source>Drop a picture of the back of the licence</source>
        <translation>Déposez une image du dos du permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="127"/>
        <source>Enter one licence class of at most 2 letters or digits, for example G or 5.</source>
        <translation>Entrez une seule classe de permis d&apos;au plus 2 lettres ou chiffres, par exemple G ou 5.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="80"/>
        <source>Enter the date of birth as year-month-day, for example 1989-12-24.</source>
        <translation>Entrez la date de naissance sous la forme année-mois-jour, par exemple 1989-12-24.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="76"/>
        <source>Enter the date of birth.</source>
        <translation>Entrez la date de naissance.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="58"/>
        <source>Enter the licence number.</source>
        <translation>Entrez le numéro de permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/files.py" line="47"/>
        <source>Image files (Open or drag and drop)</source>
        <translation>Fichiers image (Ouvrir ou glisser-déposer)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/wedge.py" line="303"/>
        <location filename="../../kiosk_app/app/capture/wedge.py" line="559"/>
        <source>Listening</source>
        <translation>À l&apos;écoute</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="21"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="89"/>
        <source>Manitoba</source>
        <translation>Manitoba</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="22"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="90"/>
        <source>New Brunswick</source>
        <translation>Nouveau-Brunswick</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="23"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="91"/>
        <source>Newfoundland and Labrador</source>
        <translation>Terre-Neuve-et-Labrador</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/client.py" line="356"/>
        <source>No API token is configured. Ask the administrator.</source>
        <translation>Aucun jeton d&apos;API n&apos;est configuré. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="151"/>
        <source>No barcode data was read; scan the back of the card again.</source>
        <translation>Aucune donnée de code-barres n&apos;a été lue&#x202f;; balayez de nouveau le dos de la carte.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/client.py" line="289"/>
        <source>No legacy auth key is configured. Ask the administrator.</source>
        <translation>Aucune clé d&apos;authentification de l&apos;ancien service n&apos;est configurée. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/decode.py" line="136"/>
        <location filename="../../kiosk_app/barcode/errors.py" line="59"/>
        <source>No licence barcode found — hold the card flatter, move closer and avoid glare, then try again.</source>
        <translation>Aucun code-barres de permis trouvé — tenez la carte plus à plat, approchez-vous et évitez les reflets, puis réessayez.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="25"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="97"/>
        <source>Northwest Territories</source>
        <translation>Territoires du Nord-Ouest</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="24"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="92"/>
        <source>Nova Scotia</source>
        <translation>Nouvelle-Écosse</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="26"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="98"/>
        <source>Nunavut</source>
        <translation>Nunavut</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="27"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="93"/>
        <source>Ontario</source>
        <translation>Ontario</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="27"/>
        <source>Parse only</source>
        <translation>Décodage seulement</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="28"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="94"/>
        <source>Prince Edward Island</source>
        <translation>Île-du-Prince-Édouard</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="29"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="95"/>
        <source>Quebec</source>
        <translation>Québec</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/base.py" line="35"/>
        <source>Input</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/base.py" line="58"/>
        <location filename="../../kiosk_app/app/capture/files.py" line="57"/>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/wedge.py" line="556"/>
        <source>Same barcode again — ignored</source>
        <translation>Même code-barres — ignoré</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="30"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="96"/>
        <source>Saskatchewan</source>
        <translation>Saskatchewan</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="25"/>
        <source>Some details are missing or wrong; nothing was sent.</source>
        <translation>Certains renseignements sont manquants ou erronés&#x202f;; rien n&apos;a été envoyé.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/base.py" line="39"/>
        <location filename="../../kiosk_app/app/capture/base.py" line="62"/>
        <location filename="../../kiosk_app/app/capture/wedge.py" line="324"/>
        <source>Stopped</source>
        <translation>Arrêté</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="75"/>
        <source>That barcode is not from a driver&apos;s licence or ID card.</source>
        <translation>Ce code-barres ne provient pas d&apos;un permis de conduire ni d&apos;une carte d&apos;identité.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="89"/>
        <source>That date of birth does not exist; check the day and month.</source>
        <translation>Cette date de naissance n&apos;existe pas&#x202f;; vérifiez le jour et le mois.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="21"/>
        <location filename="../../kiosk_app/barcode/imaging.py" line="48"/>
        <source>That file is not a picture the kiosk can open. Try another photo or scan.</source>
        <translation>Ce fichier n&apos;est pas une image que le kiosque peut ouvrir. Essayez une autre photo ou numérisation.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="193"/>
        <source>The CA bundle file in the settings does not exist.</source>
        <translation>Le fichier de certificats d&apos;autorité (CA) indiqué dans les paramètres n&apos;existe pas.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="29"/>
        <source>The kiosk opens only PNG, JPEG, TIFF, BMP, GIF, WebP and PNM pictures. Save the scan in one of those formats.</source>
        <translation>Le kiosque n&apos;ouvre que les images PNG, JPEG, TIFF, BMP, GIF, WebP et PNM. Enregistrez la numérisation dans l&apos;un de ces formats.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="39"/>
        <source>The picture needs too much time or memory to open safely. Use a smaller photo or scan.</source>
        <translation>L&apos;image demande trop de temps ou de mémoire pour être ouverte sans risque. Utilisez une photo ou une numérisation plus petite.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="48"/>
        <source>Reading the picture was stopped.</source>
        <translation>La lecture de l&apos;image a été arrêtée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="11"/>
        <source>The barcode could not be read.</source>
        <translation>Le code-barres n&apos;a pas pu être lu.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="457"/>
        <source>The barcode data is not a byte string.</source>
        <translation>Les données du code-barres ne sont pas une suite d&apos;octets.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="178"/>
        <source>The data has no AAMVA header (expected &apos;@&apos; and &apos;ANSI&apos;).</source>
        <translation>Les données n&apos;ont pas d&apos;en-tête AAMVA (&apos;@&apos; et &apos;ANSI&apos; attendus).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="481"/>
        <source>The data has no driver licence or ID card subfile.</source>
        <translation>Les données ne contiennent aucun sous-fichier de permis de conduire ni de carte d&apos;identité.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="465"/>
        <source>The data is empty or far too short to be a licence barcode.</source>
        <translation>Les données sont vides ou beaucoup trop courtes pour un code-barres de permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="460"/>
        <source>The data is far too long to be a licence barcode.</source>
        <translation>Les données sont beaucoup trop longues pour un code-barres de permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="96"/>
        <source>The date of birth is in the future; check the year.</source>
        <translation>La date de naissance est dans le futur&#x202f;; vérifiez l&apos;année.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="172"/>
        <source>The image of the back of the card is empty.</source>
        <translation>L&apos;image du dos de la carte est vide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="101"/>
        <source>The kiosk&apos;s access key was refused by the service. Ask the administrator.</source>
        <translation>La clé d&apos;accès du kiosque a été refusée par le service. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="37"/>
        <source>The kiosk&apos;s service settings are invalid. Ask the administrator.</source>
        <translation>Les paramètres de service du kiosque ne sont pas valides. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="476"/>
        <source>The licence barcode data is cut off after its header.</source>
        <translation>Les données du code-barres du permis sont tronquées après l&apos;en-tête.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="60"/>
        <source>The licence barcode data is cut off: it ends before the length its header declares.</source>
        <translation>Les données du code-barres du permis sont tronquées&#x202f;: elles se terminent avant la longueur annoncée par l&apos;en-tête.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/licence.py" line="573"/>
        <source>The licence barcode data is cut off: no licence number and no date of birth.</source>
        <translation>Les données du code-barres du permis sont tronquées&#x202f;: ni numéro de permis ni date de naissance.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/aamva.py" line="579"/>
        <source>The licence barcode data is malformed.</source>
        <translation>Les données du code-barres du permis sont mal formées.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="83"/>
        <source>The licence barcode was only partly read. Scan it again.</source>
        <translation>Le code-barres du permis n&apos;a été lu qu&apos;en partie. Balayez-le de nouveau.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="62"/>
        <source>The licence number does not look right; type it as printed on the card.</source>
        <translation>Le numéro de permis semble incorrect&#x202f;; tapez-le tel qu&apos;imprimé sur la carte.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/licence.py" line="569"/>
        <source>The licence subfile holds no data elements.</source>
        <translation>Le sous-fichier du permis ne contient aucun élément de données.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="125"/>
        <source>The network answered with a web page instead of the verification service, probably a Wi-Fi sign-in page. Sign in to the network (or ask the administrator), then try again.</source>
        <translation>Le réseau a répondu par une page Web au lieu du service de vérification, probablement une page de connexion Wi-Fi. Connectez-vous au réseau (ou adressez-vous à l&apos;administrateur), puis réessayez.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="297"/>
        <source>The parsing service could not read the data; scan again or use the image.</source>
        <translation>Le service de décodage n&apos;a pas pu lire les données&#x202f;; balayez de nouveau ou utilisez l&apos;image.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/error_mapping.py" line="144"/>
        <source>The proxy server refused the connection. Ask the administrator.</source>
        <translation>Le serveur mandataire a refusé la connexion. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="47"/>
        <source>The registry could not complete the check. Try again in 15 minutes; this check was not counted.</source>
        <translation>Le registre n&apos;a pas pu terminer la vérification. Réessayez dans 15 minutes&#x202f;; cette vérification n&apos;a pas été comptée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="158"/>
        <source>The scanned data is far too long to be a licence barcode; nothing was sent. Scan the back of the card again.</source>
        <translation>Les données balayées sont beaucoup trop longues pour un code-barres de permis&#x202f;; rien n&apos;a été envoyé. Balayez de nouveau le dos de la carte.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/errors.py" line="91"/>
        <source>The scanner changed some of the barcode&apos;s characters, so the signature cannot be checked on this scan. Scan the licence with the camera, or set the scanner to send control characters.</source>
        <translation>Le lecteur a modifié certains caractères du code-barres&#x202f;; la signature ne peut donc pas être vérifiée sur cette lecture. Lisez le permis avec la caméra, ou réglez le lecteur pour qu&apos;il envoie les caractères de contrôle.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="57"/>
        <source>The service could not complete the check; it was not counted.</source>
        <translation>Le service n&apos;a pas pu terminer la vérification&#x202f;; elle n&apos;a pas été comptée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="256"/>
        <source>The service could not read the barcode; scan it again.</source>
        <translation>Le service n&apos;a pas pu lire le code-barres&#x202f;; balayez-le de nouveau.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="60"/>
        <source>The service returned a status this kiosk does not know; treat as unverified.</source>
        <translation>Le service a renvoyé un statut inconnu de ce kiosque&#x202f;; considérez le document comme non vérifié.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/client.py" line="172"/>
        <source>The service time limits must be positive.</source>
        <translation>Les délais du service doivent être positifs.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="65"/>
        <source>The service&apos;s security certificate was not accepted. The connection was stopped; ask the administrator.</source>
        <translation>Le certificat de sécurité du service n&apos;a pas été accepté. La connexion a été interrompue&#x202f;; adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="52"/>
        <source>The signature check could not be completed. Check the request for errors (scan the barcode again); this check was not counted.</source>
        <translation>La vérification de signature n&apos;a pas pu être terminée. Vérifiez la demande (balayez de nouveau le code-barres)&#x202f;; cette vérification n&apos;a pas été comptée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="85"/>
        <source>The verification service answered for a different check.</source>
        <translation>Le service de vérification a répondu pour une autre vérification.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="45"/>
        <source>The verification service cannot be reached. Check the network and try again.</source>
        <translation>Le service de vérification est injoignable. Vérifiez le réseau et réessayez.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/error_mapping.py" line="134"/>
        <source>The verification service could not be reached in time. Nothing was sent; check the network and try again.</source>
        <translation>Le service de vérification n&apos;a pas pu être joint à temps. Rien n&apos;a été envoyé&#x202f;; vérifiez le réseau et réessayez.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="15"/>
        <source>The verification service could not be used.</source>
        <translation>Le service de vérification n&apos;a pas pu être utilisé.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="53"/>
        <source>The verification service did not answer in time. Please try again.</source>
        <translation>Le service de vérification n&apos;a pas répondu à temps. Veuillez réessayer.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="109"/>
        <source>The verification service is having trouble. Please try again shortly.</source>
        <translation>Le service de vérification éprouve des difficultés. Veuillez réessayer sous peu.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="79"/>
        <source>The verification service reported an error.</source>
        <translation>Le service de vérification a signalé une erreur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/error_mapping.py" line="223"/>
        <source>The verification service is receiving too many requests; wait a minute.</source>
        <translation>Le service de vérification reçoit trop de demandes&#x202f;; attendez une minute.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/error_mapping.py" line="232"/>
        <source>The verification service refused the request.</source>
        <translation>Le service de vérification a refusé la demande.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/replies.py" line="50"/>
        <source>The verification service sent a reply nested too deeply.</source>
        <translation>Le service de vérification a envoyé une réponse trop imbriquée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="135"/>
        <source>The verification service sent a reply that is far too large; it was ignored.</source>
        <translation>Le service de vérification a envoyé une réponse beaucoup trop volumineuse&#x202f;; elle a été ignorée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/errors.py" line="117"/>
        <source>The verification service sent a reply the kiosk cannot read.</source>
        <translation>Le service de vérification a envoyé une réponse que le kiosque ne peut pas lire.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/replies.py" line="39"/>
        <source>The verification service sent a reply with far too many entries.</source>
        <translation>Le service de vérification a envoyé une réponse comportant beaucoup trop d&apos;entrées.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="82"/>
        <source>The verification service sent an empty answer.</source>
        <translation>Le service de vérification a envoyé une réponse vide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/replies.py" line="35"/>
        <source>The verification service sent an empty reply.</source>
        <translation>Le service de vérification a renvoyé une réponse vide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/verdicts.py" line="119"/>
        <source>The verification service&apos;s answer has no overall status.</source>
        <translation>La réponse du service de vérification n&apos;a pas de statut global.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/wedge_text.py" line="62"/>
        <source>The scanner did not send the barcode&apos;s control characters as they are: set it to send control characters (Ctrl+key or Alt+keypad codes), or use the camera.</source>
        <extracomment>The AAMVA header&apos;s first characters: compliance indicator, data element separator, record separator, segment terminator; then the file type.</extracomment>
        <translation>Le lecteur n&apos;a pas envoyé les caractères de contrôle du code-barres tels quels&#x202f;: réglez-le pour qu&apos;il envoie les caractères de contrôle (Ctrl+touche ou codes Alt+pavé numérique), ou utilisez la caméra.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/wedge_text.py" line="69"/>
        <source>The scan did not start as a licence barcode does: its beginning was lost, or it is not a licence. Scan the licence again.</source>
        <translation>La lecture ne commence pas comme un code-barres de permis&#x202f;: son début s&apos;est perdu, ou ce n&apos;est pas un permis. Balayez le permis de nouveau.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/wedge_text.py" line="74"/>
        <source>The scanner sends the Enter key for both line feed and carriage return: set it to send control characters as Ctrl+key, or use the camera.</source>
        <translation>Le lecteur envoie la touche Entrée pour le saut de ligne comme pour le retour de chariot&#x202f;: réglez-le pour qu&apos;il envoie les caractères de contrôle en Ctrl+touche, ou utilisez la caméra.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/wedge_text.py" line="79"/>
        <source>Some keys the scanner sent did not type a character: set the scanner to send control characters as Ctrl+key, or use the camera.</source>
        <translation>Certaines touches envoyées par le lecteur n&apos;ont tapé aucun caractère&#x202f;: réglez le lecteur pour qu&apos;il envoie les caractères de contrôle en Ctrl+touche, ou utilisez la caméra.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/wedge_text.py" line="84"/>
        <source>The scanner adds a suffix after the data: set its suffix to none, or use the camera.</source>
        <translation>Le lecteur ajoute un suffixe après les données&#x202f;: réglez son suffixe à «&#x202f;aucun&#x202f;», ou utilisez la caméra.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/keyboard_layouts.py" line="58"/>
        <source>The scanner types with the US keyboard layout but this computer uses French (AZERTY): set the scanner&apos;s keyboard country to France, or set this computer&apos;s keyboard layout to English (US).</source>
        <translation>Le lecteur tape avec la disposition de clavier américaine, mais cet ordinateur utilise le français (AZERTY)&#x202f;: réglez le pays du clavier du lecteur sur France, ou réglez la disposition de clavier de cet ordinateur sur anglais (États-Unis).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/keyboard_layouts.py" line="72"/>
        <source>The scanner types with the US keyboard layout but this computer uses Canadian French: set the scanner&apos;s keyboard country to Canadian French, or set this computer&apos;s keyboard layout to English (US).</source>
        <translation>Le lecteur tape avec la disposition de clavier américaine, mais cet ordinateur utilise le français canadien&#x202f;: réglez le pays du clavier du lecteur sur français canadien, ou réglez la disposition de clavier de cet ordinateur sur anglais (États-Unis).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/keyboard_layouts.py" line="86"/>
        <source>The scanner types with the US keyboard layout but this computer uses Canadian Multilingual Standard (CSA): set the scanner&apos;s keyboard country to Canadian French (CSA), or set this computer&apos;s keyboard layout to English (US).</source>
        <translation>Le lecteur tape avec la disposition de clavier américaine, mais cet ordinateur utilise le clavier canadien multilingue standard (CSA)&#x202f;: réglez le pays du clavier du lecteur sur français canadien (CSA), ou réglez la disposition de clavier de cet ordinateur sur anglais (États-Unis).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/keyboard_layouts.py" line="98"/>
        <source>The scanner&apos;s keyboard layout does not match this computer&apos;s: set the scanner&apos;s keyboard country to this computer&apos;s layout, or set this computer&apos;s keyboard layout to English (US).</source>
        <extracomment>When the layout is known to be wrong but not which one (a control key typed through it).</extracomment>
        <translation>La disposition de clavier du lecteur ne correspond pas à celle de cet ordinateur&#x202f;: réglez le pays du clavier du lecteur sur la disposition de cet ordinateur, ou réglez la disposition de clavier de cet ordinateur sur anglais (États-Unis).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="26"/>
        <source>Verify signature</source>
        <translation>Vérifier la signature</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/validation.py" line="31"/>
        <location filename="../../kiosk_app/barcode/jurisdictions.py" line="99"/>
        <source>Yukon</source>
        <translation>Yukon</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/config.py" line="312"/>
        <source>this check is turned off; enable it or choose another</source>
        <translation>cette vérification est désactivée&#x202f;; activez-la ou choisissez-en une autre</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/config.py" line="254"/>
        <source>use letters, digits and punctuation only (no control characters)</source>
        <translation>lettres, chiffres et ponctuation seulement (aucun caractère de contrôle)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="102"/>
        <source>The check service address is not a valid https address.</source>
        <translation>L&apos;adresse du service de vérification n&apos;est pas une adresse https valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="120"/>
        <source>The document verification address is not a valid https address.</source>
        <translation>L&apos;adresse de la vérification de documents n&apos;est pas une adresse https valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="138"/>
        <source>The legacy parsing service address is not a valid https address.</source>
        <translation>L&apos;adresse de l&apos;ancien service de lecture n&apos;est pas une adresse https valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="157"/>
        <source>The proxy address is not a valid https address.</source>
        <translation>L&apos;adresse du serveur mandataire (proxy) n&apos;est pas une adresse https valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="105"/>
        <source>The check service address must not contain a user name, password, query or fragment.</source>
        <translation>L&apos;adresse du service de vérification ne doit contenir ni nom d&apos;utilisateur, ni mot de passe, ni requête, ni fragment.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="123"/>
        <source>The document verification address must not contain a user name, password, query or fragment.</source>
        <translation>L&apos;adresse de la vérification de documents ne doit contenir ni nom d&apos;utilisateur, ni mot de passe, ni requête, ni fragment.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="141"/>
        <source>The legacy parsing service address must not contain a user name, password, query or fragment.</source>
        <translation>L&apos;adresse de l&apos;ancien service de lecture ne doit contenir ni nom d&apos;utilisateur, ni mot de passe, ni requête, ni fragment.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="158"/>
        <source>The proxy address must not contain a user name, password, query or fragment.</source>
        <translation>L&apos;adresse du serveur mandataire (proxy) ne doit contenir ni nom d&apos;utilisateur, ni mot de passe, ni requête, ni fragment.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="110"/>
        <source>The check service address must use https (plain http is allowed only on this computer).</source>
        <translation>L&apos;adresse du service de vérification doit utiliser https (le http simple n&apos;est permis que sur cet ordinateur).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="128"/>
        <source>The document verification address must use https (plain http is allowed only on this computer).</source>
        <translation>L&apos;adresse de la vérification de documents doit utiliser https (le http simple n&apos;est permis que sur cet ordinateur).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="146"/>
        <source>The legacy parsing service address must use https (plain http is allowed only on this computer).</source>
        <translation>L&apos;adresse de l&apos;ancien service de lecture doit utiliser https (le http simple n&apos;est permis que sur cet ordinateur).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="162"/>
        <source>The proxy address must use https (plain http is allowed only on this computer).</source>
        <translation>L&apos;adresse du serveur mandataire (proxy) doit utiliser https (le http simple n&apos;est permis que sur cet ordinateur).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="115"/>
        <source>The check service address is not set. Ask the administrator.</source>
        <translation>L&apos;adresse du service de vérification n&apos;est pas configurée. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="133"/>
        <source>The document verification address is not set. Ask the administrator.</source>
        <translation>L&apos;adresse de la vérification de documents n&apos;est pas configurée. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/transport.py" line="151"/>
        <source>The legacy parsing service address is not set. Ask the administrator.</source>
        <translation>L&apos;adresse de l&apos;ancien service de lecture n&apos;est pas configurée. Adressez-vous à l&apos;administrateur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/client.py" line="451"/>
        <source>The API token contains characters that are not allowed.</source>
        <translation>Le jeton d&apos;API contient des caractères non permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/client.py" line="454"/>
        <source>The legacy auth key contains characters that are not allowed.</source>
        <translation>La clé d&apos;authentification de l&apos;ancien service contient des caractères non permis.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="54"/>
        <source>The issuer number {iin} is not that of a US or Canadian licence issuer.</source>
        <translation>Le numéro d&apos;émetteur {iin} n&apos;est pas celui d&apos;un émetteur de permis américain ou canadien.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="59"/>
        <source>The issuer number belongs to {issuer}, but the address is in {address}.</source>
        <translation>Le numéro d&apos;émetteur appartient à {issuer}, mais l&apos;adresse est dans {address}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="64"/>
        <source>The barcode follows AAMVA version {version} ({published}), yet the card says it was issued in {issued}.</source>
        <translation>Le code-barres suit la version AAMVA {version} ({published}), mais la carte indique une délivrance en {issued}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="69"/>
        <source>The barcode lacks elements its AAMVA version requires: {elements}.</source>
        <translation>Il manque au code-barres des éléments exigés par sa version AAMVA&#x202f;: {elements}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="74"/>
        <source>The barcode header announces {declared} subfiles but lists {found}.</source>
        <translation>L&apos;en-tête du code-barres annonce {declared} sous-fichiers mais en énumère {found}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="79"/>
        <source>The barcode header places its first subfile at byte {declared} instead of byte {expected}.</source>
        <translation>L&apos;en-tête du code-barres place son premier sous-fichier à l&apos;octet {declared} au lieu de l&apos;octet {expected}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="84"/>
        <source>The licence data is in a subfile of type {kind}, not DL or ID.</source>
        <translation>Les données du permis sont dans un sous-fichier de type {kind}, et non DL ou ID.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="88"/>
        <source>The barcode data is {missing} bytes shorter than its header declares.</source>
        <translation>Les données du code-barres comptent {missing} octets de moins que ce qu&apos;annonce leur en-tête.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="93"/>
        <source>A date in the barcode ({element}) is not a real date.</source>
        <translation>Une date du code-barres ({element}) n&apos;est pas une date réelle.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="96"/>
        <source>A date in the barcode ({element}) is an implausible date.</source>
        <translation>Une date du code-barres ({element}) est invraisemblable.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="100"/>
        <source>The height in the barcode ({element}) is not a plausible height; it is left out.</source>
        <translation>La taille inscrite dans le code-barres ({element}) est invraisemblable&#x202f;; elle est omise.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="106"/>
        <source>The date of birth is not before the issue date.</source>
        <translation>La date de naissance n&apos;est pas antérieure à la date de délivrance.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="109"/>
        <source>The issue date is in the future.</source>
        <translation>La date de délivrance est dans le futur.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="112"/>
        <source>The expiry date is not after the issue date.</source>
        <translation>La date d&apos;expiration n&apos;est pas postérieure à la date de délivrance.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="115"/>
        <source>The card is valid for {years} years; {jurisdiction} issues cards for at most {maximum} years.</source>
        <translation>La carte est valide {years} ans&#x202f;; {jurisdiction} délivre des cartes pour {maximum} ans au plus.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="120"/>
        <source>The card is marked REAL ID compliant but is valid for more than {maximum} years.</source>
        <translation>La carte est marquée conforme REAL ID mais est valide plus de {maximum} ans.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="125"/>
        <source>The holder was {age} years old at issue, which is unusual for this document.</source>
        <translation>Le titulaire avait {age} ans à la délivrance, ce qui est inhabituel pour ce document.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="130"/>
        <source>The licence number does not have the form {jurisdiction} uses.</source>
        <translation>Le numéro de permis n&apos;a pas la forme qu&apos;utilise {jurisdiction}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="134"/>
        <source>The postal code does not have the form {form}.</source>
        <translation>Le code postal n&apos;a pas la forme {form}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/barcode/consistency_rules.py" line="137"/>
        <source>The postal code&apos;s first letter is not used in {province}.</source>
        <translation>La première lettre du code postal n&apos;est pas utilisée dans {province}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="71"/>
        <source>No camera connected — the other inputs still work</source>
        <translation>Aucune caméra branchée — les autres entrées fonctionnent toujours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="72"/>
        <source>Unplugged — plug the camera back in; the other inputs still work</source>
        <translation>Débranchée — rebranchez la caméra&#x202f;; les autres entrées fonctionnent toujours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="75"/>
        <source>Ready — hold the back of the licence up to the camera</source>
        <translation>Prête — présentez le dos du permis devant la caméra</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="76"/>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="79"/>
        <source>Not allowed to use the camera — allow camera access in the system settings; the other inputs still work</source>
        <translation>Accès à la caméra refusé — autorisez l&apos;accès à la caméra dans les paramètres du système&#x202f;; les autres entrées fonctionnent toujours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="84"/>
        <source>In use by another program — close it; the other inputs still work</source>
        <translation>Utilisée par un autre programme — fermez-le&#x202f;; les autres entrées fonctionnent toujours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="87"/>
        <source>Stopped working — check the camera&apos;s cable; the other inputs still work</source>
        <translation>A cessé de fonctionner — vérifiez le câble de la caméra&#x202f;; les autres entrées fonctionnent toujours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/camera.py" line="274"/>
        <source>Camera</source>
        <translation>Caméra</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/folder.py" line="166"/>
        <source>Scan folder</source>
        <translation>Dossier de numérisation</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/serial.py" line="217"/>
        <source>Serial barcode scanner</source>
        <translation>Lecteur de codes-barres série</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="16"/>
        <source>Demo video not found: {path}</source>
        <translation>Vidéo de démonstration introuvable&#x202f;: {path}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="17"/>
        <source>Playing the demo video {name}</source>
        <translation>Lecture de la vidéo de démonstration {name}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="18"/>
        <source>Demo video cannot be played: {error}</source>
        <translation>Impossible de lire la vidéo de démonstration&#x202f;: {error}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="21"/>
        <source>No port set in the admin settings</source>
        <translation>Aucun port défini dans les paramètres d&apos;administration</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="22"/>
        <source>terminator setting not understood: idle gap only</source>
        <translation>réglage du terminateur incompris&#x202f;: pause seulement</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="25"/>
        <source>Ready on {port}</source>
        <translation>Prêt sur {port}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="26"/>
        <source>Ready on {port} ({problem})</source>
        <translation>Prêt sur {port} ({problem})</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="27"/>
        <source>{port} is busy or access is denied — retrying</source>
        <translation>{port} est occupé ou son accès est refusé — nouvel essai en cours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="28"/>
        <source>Not connected ({port}) — waiting for it</source>
        <translation>Non branché ({port}) — en attente</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="29"/>
        <source>{port} cannot be opened — retrying</source>
        <translation>Impossible d&apos;ouvrir {port} — nouvel essai en cours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="30"/>
        <source>Over {size} KB arrived without a break — discarded (check the baud rate and framing)</source>
        <translation>Plus de {size} Ko reçus sans séparateur — ignorés (vérifiez le débit en bauds et le tramage)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="34"/>
        <source>Disconnected ({port}) — reconnecting</source>
        <translation>Débranché ({port}) — reconnexion en cours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="37"/>
        <source>Watching {folder}</source>
        <translation>Surveillance de {folder}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="38"/>
        <source>Folder not found or not readable: {folder}</source>
        <translation>Dossier introuvable ou illisible&#x202f;: {folder}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="39"/>
        <source>Ignored {name}: not an image file</source>
        <translation>{name} ignoré&#x202f;: ce n&apos;est pas un fichier image</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="40"/>
        <source>Read {name}</source>
        <translation>{name} lu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="41"/>
        <source>Could not read {name}: too large</source>
        <translation>Impossible de lire {name}&#x202f;: fichier trop volumineux</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="42"/>
        <source>Could not read {name}: cannot be opened</source>
        <translation>Impossible de lire {name}&#x202f;: le fichier ne s&apos;ouvre pas</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="43"/>
        <source>Read {name}, but could not move it — check the folder&apos;s permissions</source>
        <translation>{name} lu, mais impossible de le déplacer — vérifiez les autorisations du dossier</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="46"/>
        <source>Read {name}, but could not delete it — check the folder&apos;s permissions</source>
        <translation>{name} lu, mais impossible de le supprimer — vérifiez les autorisations du dossier</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="51"/>
        <source>Not an image file: {suffix}</source>
        <translation>Ce n&apos;est pas un fichier image&#x202f;: {suffix}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/capture/statuses.py" line="52"/>
        <source>no extension</source>
        <translation>aucune extension</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="30"/>
        <source>Parse only (legacy service)</source>
        <translation>Décodage seulement (ancien service)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="38"/>
        <source>name</source>
        <translation>nom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="39"/>
        <location filename="../../kiosk_app/flow/reasons.py" line="35"/>
        <source>date of birth</source>
        <translation>date de naissance</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="40"/>
        <location filename="../../kiosk_app/flow/reasons.py" line="34"/>
        <source>licence number</source>
        <translation>numéro de permis</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/models.py" line="41"/>
        <source>expiry date</source>
        <translation>date d&apos;expiration</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/billing.py" line="50"/>
        <source>This month&apos;s quota of billable checks is reached and the administrator has stopped further checks. Nothing was sent.</source>
        <translation>Le quota mensuel de vérifications facturables est atteint et l’administrateur a bloqué les vérifications suivantes. Rien n’a été envoyé.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/billing.py" line="55"/>
        <source>This month&apos;s quota of billable checks is reached; this check is billed beyond it.</source>
        <translation>Le quota mensuel de vérifications facturables est atteint&#x202f;; cette vérification est facturée au-delà.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/billing.py" line="59"/>
        <source>Usage is not being counted (the kiosk cannot read or write its usage database; is the disk full?), and the administrator stops checks beyond this month&apos;s quota. Nothing was sent.</source>
        <translation>L’utilisation n’est pas comptée (le kiosque ne peut pas lire ou écrire sa base d’utilisation&#x202f;; le disque est-il plein&#x202f;?), et l’administrateur arrête les vérifications au-delà du quota du mois. Rien n’a été envoyé.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/billing.py" line="65"/>
        <source>Usage is not being counted (the kiosk cannot read or write its usage database; is the disk full?): this check is billed but this month&apos;s quota cannot be checked.</source>
        <translation>L’utilisation n’est pas comptée (le kiosque ne peut pas lire ou écrire sa base d’utilisation&#x202f;; le disque est-il plein&#x202f;?)&#x202f;: cette vérification est facturée, mais le quota du mois ne peut pas être contrôlé.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="45"/>
        <source>the check set for these cards</source>
        <translation>la vérification choisie pour ces cartes</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="51"/>
        <source>US driver&apos;s licence ({jurisdiction})</source>
        <translation>Permis de conduire américain ({jurisdiction})</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="55"/>
        <source>US ID card ({jurisdiction})</source>
        <translation>Carte d’identité américaine ({jurisdiction})</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="59"/>
        <source>Canadian driver&apos;s licence ({jurisdiction})</source>
        <translation>Permis de conduire canadien ({jurisdiction})</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="63"/>
        <source>Canadian ID card ({jurisdiction})</source>
        <translation>Carte d’identité canadienne ({jurisdiction})</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="64"/>
        <source>the registry check is for driver&apos;s licences only</source>
        <translation>la vérification au registre ne vaut que pour les permis de conduire</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="71"/>
        <source>Card of unknown origin</source>
        <translation>Carte d’origine inconnue</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="72"/>
        <source>the barcode names two different countries (damaged or unusual); choose a check</source>
        <translation>le code-barres indique deux pays différents (abîmé ou inhabituel)&#x202f;; choisissez une vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="75"/>
        <source>only the address says where the card is from; choose a check</source>
        <translation>seule l’adresse indique d’où vient la carte&#x202f;; choisissez une vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="78"/>
        <source>the barcode does not say which country issued the card; choose a check</source>
        <translation>le code-barres n’indique pas le pays qui a délivré la carte&#x202f;; choisissez une vérification</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="81"/>
        <source>no automatic check is set for these cards</source>
        <translation>aucune vérification automatique n’est choisie pour ces cartes</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="82"/>
        <source>the barcode was repaired while reading; the signature check needs it exactly as printed</source>
        <translation>le code-barres a été réparé à la lecture&#x202f;; la vérification de signature exige le code exact</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="86"/>
        <source>the barcode lacks a detail the registry needs; complete the form</source>
        <translation>il manque au code-barres un renseignement exigé par le registre&#x202f;; remplissez le formulaire</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/routing.py" line="89"/>
        <source>that check is turned off on this kiosk</source>
        <translation>cette vérification est désactivée sur ce poste</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="64"/>
        <source>Enter a value of at least {ge}.</source>
        <translation>Entrez une valeur d&apos;au moins {ge}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="65"/>
        <source>Enter a value of at most {le}.</source>
        <translation>Entrez une valeur d&apos;au plus {le}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="66"/>
        <source>Enter a value greater than {gt}.</source>
        <translation>Entrez une valeur supérieure à {gt}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="67"/>
        <source>Enter a value less than {lt}.</source>
        <translation>Entrez une valeur inférieure à {lt}.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="68"/>
        <location filename="../../kiosk_app/app/admin.py" line="69"/>
        <location filename="../../kiosk_app/app/admin.py" line="70"/>
        <source>Enter a whole number.</source>
        <translation>Entrez un nombre entier.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="71"/>
        <location filename="../../kiosk_app/app/admin.py" line="72"/>
        <location filename="../../kiosk_app/app/admin.py" line="73"/>
        <source>Enter a number.</source>
        <translation>Entrez un nombre.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="74"/>
        <location filename="../../kiosk_app/app/admin.py" line="75"/>
        <source>Choose yes or no.</source>
        <translation>Choisissez oui ou non.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="76"/>
        <source>Enter at most {max_length} characters.</source>
        <translation>Entrez au plus {max_length} caractères.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="77"/>
        <source>Enter at least {min_length} characters.</source>
        <translation>Entrez au moins {min_length} caractères.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="78"/>
        <source>This value does not have the expected form.</source>
        <translation>Cette valeur n&apos;a pas la forme attendue.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="81"/>
        <location filename="../../kiosk_app/app/admin.py" line="82"/>
        <source>Choose one of the values offered.</source>
        <translation>Choisissez l&apos;une des valeurs proposées.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="83"/>
        <source>This value is required.</source>
        <translation>Cette valeur est obligatoire.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="86"/>
        <source>This value is not valid.</source>
        <translation>Cette valeur n&apos;est pas valide.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="367"/>
        <source>operating system keyring ({backend})</source>
        <translation>trousseau du système d&apos;exploitation ({backend})</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/admin.py" line="370"/>
        <source>owner-only file {file} (no usable keyring on this machine)</source>
        <translation>fichier réservé au propriétaire {file} (aucun trousseau utilisable sur cet ordinateur)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="36"/>
        <location filename="../../kiosk_app/flow/reasons.py" line="37"/>
        <source>province</source>
        <translation>province</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="38"/>
        <source>first name</source>
        <translation>prénom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="39"/>
        <source>last name</source>
        <translation>nom de famille</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="40"/>
        <source>middle name</source>
        <translation>second prénom</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="41"/>
        <source>full name</source>
        <translation>nom complet</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="42"/>
        <source>address</source>
        <translation>adresse</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="43"/>
        <source>revocation</source>
        <translation>révocation</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="47"/>
        <source>licence suspended</source>
        <translation>permis suspendu</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="48"/>
        <source>licence expired (registry)</source>
        <translation>permis expiré (registre)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="49"/>
        <source>licence cancelled</source>
        <translation>permis annulé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="50"/>
        <source>licence not found in the registry</source>
        <translation>permis introuvable au registre</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="55"/>
        <source>revoked</source>
        <translation>révoqué</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="56"/>
        <source>Class {card} on the card is not held — registry: {registry}</source>
        <translation>Classe {card} de la carte non détenue — registre&#x202f;: {registry}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="60"/>
        <source>date of birth: the year differs ({sent} sent)</source>
        <translation>date de naissance&#x202f;: l’année diffère ({sent} envoyée)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="61"/>
        <source>date of birth: the month differs ({sent} sent)</source>
        <translation>date de naissance&#x202f;: le mois diffère ({sent} envoyée)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="62"/>
        <source>date of birth: the day differs ({sent} sent)</source>
        <translation>date de naissance&#x202f;: le jour diffère ({sent} envoyée)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="63"/>
        <source>date of birth: month and day swapped ({sent} sent)</source>
        <translation>date de naissance&#x202f;: mois et jour inversés ({sent} envoyée)</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="64"/>
        <source>date of birth only partly matches ({sent} sent): check year, month and day</source>
        <translation>date de naissance en partie seulement conforme ({sent} envoyée)&#x202f;: vérifiez l’année, le mois et le jour</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="160"/>
        <source>expired on {date}</source>
        <translation>expiré le {date}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="166"/>
        <source>a key field is missing from the barcode</source>
        <translation>un champ clé manque dans le code-barres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="168"/>
        <source>missing from the barcode: {field}</source>
        <translation>absent du code-barres&#x202f;: {field}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="176"/>
        <source>the barcode looks unusual</source>
        <translation>le code-barres semble inhabituel</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="209"/>
        <source>the service reported an error</source>
        <translation>le service a signalé une erreur</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="216"/>
        <source>unknown status {code} from the service</source>
        <translation>statut {code} inconnu du service</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="231"/>
        <source>signature not valid for this barcode</source>
        <translation>signature non valide pour ce code-barres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="246"/>
        <source>date of birth does not match the registry</source>
        <translation>la date de naissance ne correspond pas au registre</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="269"/>
        <source>{field}: no match</source>
        <translation>{field}&#x202f;: aucune correspondance</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="278"/>
        <source>{field}: partial match</source>
        <translation>{field}&#x202f;: correspondance partielle</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="305"/>
        <source>a parse reads the barcode; it verifies nothing</source>
        <translation>une lecture lit le code-barres&#x202f;; elle ne vérifie rien</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="307"/>
        <source>the service could not read the barcode</source>
        <translation>le service n’a pas pu lire le code-barres</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="314"/>
        <source>the service could not decide</source>
        <translation>le service n’a pas pu décider</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="321"/>
        <source>the service did not confirm the card</source>
        <translation>le service n’a pas confirmé la carte</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="323"/>
        <source>some details need a manual check</source>
        <translation>certains détails demandent une vérification manuelle</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/reasons.py" line="331"/>
        <source>expires in {days} days</source>
        <translation>expire dans {days} jours</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/verdict_table.py" line="288"/>
        <source>turns {age} on {date}</source>
        <translation>aura {age} ans le {date}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/api/picture_upload.py" line="34"/>
        <source>The picture could not be prepared for sending.</source>
        <translation>L&apos;image n&apos;a pas pu être préparée pour l&apos;envoi.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/picture_read.py" line="37"/>
        <source>The service is reading the picture…</source>
        <translation>Le service lit la photo…</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/picture_read.py" line="38"/>
        <source>This picture was read by the service already: its answer again, not billed.</source>
        <translation>Cette photo a déjà été lue par le service&#x202f;: sa réponse de nouveau, sans facturation.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/picture_read.py" line="44"/>
        <source>The service could not read the picture either</source>
        <translation>Le service n’a pas pu lire la photo non plus</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/picture_read.py" line="45"/>
        <source>The service could not read the picture either: scan the card again, take a sharper picture of its back, or check the card by eye.</source>
        <translation>Le service n’a pas pu lire la photo non plus&#x202f;: numérisez de nouveau la carte, prenez une photo plus nette de son verso ou vérifiez la carte à l’œil.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="56"/>
        <source>banned</source>
        <translation>interdit</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="57"/>
        <source>suspected fraud</source>
        <translation>fraude soupçonnée</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="58"/>
        <source>VIP</source>
        <translation>VIP</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="59"/>
        <source>flagged</source>
        <translation>signalé</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="62"/>
        <source>Do not serve this customer. Call your manager if they do not leave.</source>
        <translation>Ne servez pas ce client. Appelez votre gestionnaire s’il ne part pas.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="65"/>
        <source>Do not accept this card. Call your manager before you hand it back.</source>
        <translation>N’acceptez pas cette carte. Appelez votre gestionnaire avant de la rendre.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="69"/>
        <source>Welcome them as a VIP, then continue with the check.</source>
        <translation>Accueillez ce client comme un VIP, puis poursuivez la vérification.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="72"/>
        <source>Read the note, then continue with the check or call your manager.</source>
        <translation>Lisez la note, puis poursuivez la vérification ou appelez votre gestionnaire.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="76"/>
        <source>On your list: {reason} — {note}, added {added}</source>
        <translation>Sur votre liste&#x202f;: {reason} — {note}, ajouté le {added}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="77"/>
        <source>On your list: {reason}, added {added}</source>
        <translation>Sur votre liste&#x202f;: {reason}, ajouté le {added}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="78"/>
        <source>Entry {entry}, until {until}</source>
        <translation>Inscription {entry}, jusqu’au {until}</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="79"/>
        <source>Entry {entry}, no end date</source>
        <translation>Inscription {entry}, sans date de fin</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="80"/>
        <source>This customer is on your list: choose Continue or New customer first.</source>
        <translation>Ce client est sur votre liste&#x202f;: choisissez d’abord Continuer ou Nouveau client.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="83"/>
        <source>Write at most 60 characters.</source>
        <translation>Écrivez au plus 60 caractères.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="84"/>
        <source>Write your own words: the note may not hold anything from the card.</source>
        <translation>Écrivez vos propres mots&#x202f;: la note ne peut rien contenir de la carte.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="87"/>
        <source>Write the reason (at most 60 characters).</source>
        <translation>Écrivez la raison (au plus 60 caractères).</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/flow/watchlist.py" line="88"/>
        <source>The end date must be after today.</source>
        <translation>La date de fin doit être après aujourd’hui.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/watchlist_admin.py" line="23"/>
        <source>No card on screen: scan the customer&apos;s card first.</source>
        <translation>Aucune carte à l’écran&#x202f;: balayez d’abord la carte du client.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/watchlist_admin.py" line="24"/>
        <source>This card could not be looked up: no watchlist key on this desk (provision the organisation&apos;s key), or the card lacks a name, birth date and number.</source>
        <translation>Cette carte n’a pas pu être recherchée&#x202f;: aucune clé de liste de surveillance sur ce poste (installez la clé de l’organisation), ou la carte n’a ni nom, ni date de naissance, ni numéro.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/watchlist_admin.py" line="29"/>
        <source>A card is on screen: it can be added.</source>
        <translation>Une carte est à l’écran&#x202f;: elle peut être ajoutée.</translation>
    </message>
    <message>
        <location filename="../../kiosk_app/app/watchlist_admin.py" line="30"/>
        <source>The customer on screen is on the list.</source>
        <translation>Le client à l’écran est sur la liste.</translation>
    </message>
</context>
</TS>
