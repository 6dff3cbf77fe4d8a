// The common passwords refused for new passwords (ADR 025): the most used passwords of the public breach lists,
// plus Spanish and local ones (osep, catamarca, argentina, football clubs, names). Lower case, accents as typed;
// password-policy.ts compares without case or accents, and also refuses one of these words with only digits or
// symbols around it ('Osep2026!', 'catamarca.1'). A small file on purpose: no dependency, and it also ships to the
// browser for the forms' live check. 514 entries.
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx
7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley
batman andrew tigger sunshine iloveyou charlie robert thomas hockey ranger daniel starwars klaster 112233 george
computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa
ginger princess joshua cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321
dallas austin thunder taylor matrix minecraft william corvette hello martin heather secret merlin diamond
1234qwer hammer silver 222222 88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange
11111 golfer cookie richard samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick
phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota
arsenal eagles melissa boomer booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo
bulldog qwer1234 compaq purple banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london
tennis 999999 ncc1701 coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny
edward 333333 oliver redsox player nikita knight fender barney midnight please brandy chicago badboy slayer
rangers charles angel flower bigdaddy rabbit wizard jasper enter rachel chris steven winner adidas victoria
natasha 1q2w3e4r jasmine winter prince marine fishing cocacola casper james 232323 raiders 888888 marlboro
gandalf asdfasdf crystal 87654321 12344321 golden 8675309 qwe123 zaq12wsx abc12345 passw0rd p@ssw0rd p@ssword
password1 password123 admin admin123 administrator root toor changeme welcome1 letmein1 iloveyou1 qwerty1
qwerty12 qwerty123 1qaz2wsx3edc 1q2w3e 1q2w3e4r5t zaq1zaq1 asdf1234 asdfghjkl zxcvbnm1 abcd1234 aa123456 a123456
123abc 12qwaszx 147258369 159357 741852963 123654789 1029384756 google facebook linkedin youtube pokemon naruto
default guest user login system server oracle database sample demo temp temporal qazxsw 1qazxsw2 azerty qwertz
football1 baseball1 superman1 batman1 trustno11 monkey1 dragon1 shadow1 master1 sunshine1 princess1 starwars1
whatever1 freedom1 hello123 love123 test123 test1234 pass123 pass1234 11223344 12341234 1234512345 123qweasd
qweasdzxc 1a2b3c4d a1b2c3d4 aaaaaaaa 00000000 99999999 77777777 66666666 55555555 44444444 33333333 22222222
12121212 69696969 10203040 147852369 963852741 asdfqwer zxcvasdf qwaszx contraseña contrasena micontraseña
micontrasena clave miclave claveclave clave123 clave1234 nuevaclave nuevacontraseña cambiar cambiame
cambiarclave cambio usuario usuario1 usuarios osep oseponline osepcatamarca obrasocial catamarca catamarqueño
catamarquena argentina argentino buenosaires valledecatamarca sanfernando tucuman cordoba rosario mendoza salta
larioja santiago jujuy chaco neuquen patagonia malvinas teamo tequiero teamomucho amor amorcito amormio miamor
corazon mivida princesa mariposa estrella tesoro familia futbol bocajuniors boca riverplate river racing
independiente sanlorenzo huracan talleres belgrano newells velez estudiantes gimnasia messi lionelmessi maradona
diego diegomaradona lionel dios jesus jesucristo gabriel alejandro alejandra daniela valentina camila sofia
martina lucia mateo benjamin juan juanpablo maria mariana florencia agustina fernando carlos jorge roberto pablo
sebastian nicolas facundo lautaro gonzalo matias federico hola hola123 holamundo holahola bienvenido bienvenida
secreto sistema sistemas informatica computadora escuela trabajo oficina empleado salud medico hospital
enfermera doctor asdasd asdasdasd qweqwe qweasd zxczxc perro gato gatito perrito chocolate naranja manzana
sandia verano invierno primavera otono domingo lunes sabado navidad mama papa hijo hija abuela abuelo hermano
hermana angelito guerrero campeon ganador fuerza libertad patria bandera gaucho mate asado tango
`;

export const COMMON_PASSWORDS: readonly string[] = LIST.split(/\s+/).filter(Boolean);
